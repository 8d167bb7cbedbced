/**
 * Sessions answered from memory end everywhere within a second. On PostgreSQL (npm run test:pg)
 * two full service instances — each with its own pool and its own LISTEN connection, as two app
 * processes have — share one database: a user signed in on both is banned, signed out, has the
 * password changed or reset on one, and both refuse the session within 1 s; a role granted or
 * revoked on one applies on both; and with the bus connections cut, a ban still applies within
 * 1 s. On PGlite the same runs on one instance.
 */
import type http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import express from "express";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestContext } from "~/context";
import * as signOutRoute from "~/routes/auth.sign-out";
import { setBanned } from "../admin/users";
import { loadConfig } from "../config";
import { openPostgres } from "../db/client";
import { createLogger } from "../logger";
import { createServices, type Services } from "../services";
import { signInCookie, signUpVerified, TEST_PASSWORD } from "../testing/fixtures";
import { createPostgresTestDatabase, isPostgresRun } from "../testing/test-db";
import { createTestServices } from "../testing/test-services";
import { grantAdmin, revokeAdmin } from "./roles";

const BOUND_MS = 1_000;
let dropDatabase = async () => {};
let instances: Services[] = [];
let a: Services;
let adminId = "";

/** Two instances on one PostgreSQL database, or one on PGlite. */
async function startInstances(): Promise<Services[]> {
  if (!isPostgresRun()) return [await createTestServices()];
  const created = await createPostgresTestDatabase("gulfpulse_revocation");
  dropDatabase = created.drop;
  const config = loadConfig({
    NODE_ENV: "test",
    AUTH_SECRET: "test-secret-test-secret-test-secret-123",
    JOBS_ENABLED: "false",
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://localhost:3000",
  });
  const started: Services[] = [];
  for (let i = 0; i < 2; i++) {
    started.push(await createServices(config, createLogger("silent"), await openPostgres(created.url, 4)));
  }
  return started;
}

const headersOf = (cookie: string) => new Headers({ cookie });
const emailOn = async (s: Services, cookie: string) =>
  (await s.sessions.get(headersOf(cookie)))?.user.email ?? null;

/** Reads the session on every instance until it is answered from memory there (the cache is in play). */
async function cachedEverywhere(cookie: string, email: string) {
  for (const s of instances) {
    await expect.poll(() => emailOn(s, cookie), { timeout: 5_000 }).toBe(email);
    const before = s.sessions.stats().hits;
    expect(await emailOn(s, cookie)).toBe(email);
    // Just joined (PostgreSQL): memory is trusted once the first heartbeat came back.
    const hitsAfterRead = async () => {
      await emailOn(s, cookie);
      return s.sessions.stats().hits;
    };
    await expect.poll(hitsAfterRead, { timeout: 5_000 }).toBeGreaterThan(before);
  }
}

/** How long after `since` every instance refused the cookie (fails past twice the bound). */
async function refusedEverywhereAfter(cookie: string, since: number) {
  for (const s of instances) {
    await expect.poll(() => emailOn(s, cookie), { timeout: 2 * BOUND_MS, interval: 10 }).toBeNull();
  }
  return performance.now() - since;
}

async function signedInUser(email: string) {
  const id = await signUpVerified(a, email, "Revocation Test");
  const cookie = await signInCookie(a, email);
  await cachedEverywhere(cookie, email);
  return { id, cookie };
}

beforeAll(async () => {
  instances = await startInstances();
  a = instances[0]!;
  adminId = await signUpVerified(a, "admin@example.com", "Admin");
  await grantAdmin(a.db, adminId);
}, 120_000);

afterAll(async () => {
  for (const s of instances) await s.close();
  if (isPostgresRun()) {
    await dropDatabase();
  }
});

describe(`cached sessions end on every instance within ${BOUND_MS} ms`, () => {
  it("when an admin bans the user", async () => {
    const { id, cookie } = await signedInUser("banned@example.com");
    const bystander = await signedInUser("bystander@example.com");
    const since = performance.now();
    await setBanned(a.db, a.revokeAllSessions, { userId: id, actorId: adminId, banned: true });
    expect(await refusedEverywhereAfter(cookie, since)).toBeLessThan(BOUND_MS);
    // Another user's session is not touched, and still answered from memory.
    for (const s of instances) {
      const before = s.sessions.stats().hits;
      expect(await emailOn(s, bystander.cookie)).toBe("bystander@example.com");
      expect(s.sessions.stats().hits).toBe(before + 1);
    }
  });

  it("when the user signs out (sign-out is global: every session of the user)", async () => {
    const email = "leaving@example.com";
    const { cookie } = await signedInUser(email);
    const other = await signInCookie(a, email);
    await cachedEverywhere(other, email);
    const context = new RouterContextProvider();
    context.set(requestContext, { services: a, nonce: "n", clientIp: "192.0.2.1" });
    const request = new Request("http://localhost:3000/auth/sign-out", {
      method: "POST",
      headers: { cookie, origin: "http://localhost:3000" },
    });
    const since = performance.now();
    await signOutRoute.action({ request, context, params: {} } as never).catch((r) => r);
    expect(await refusedEverywhereAfter(cookie, since)).toBeLessThan(BOUND_MS);
    expect(await refusedEverywhereAfter(other, since)).toBeLessThan(BOUND_MS);
  });

  it("when the user changes the password (other sessions end even if the caller asked to keep them)", async () => {
    const email = "changer@example.com";
    const { cookie } = await signedInUser(email);
    const since = performance.now();
    const res = await a.auth.api.changePassword({
      headers: headersOf(cookie),
      body: { currentPassword: TEST_PASSWORD, newPassword: "a-new-password-1", revokeOtherSessions: false },
    });
    expect(await refusedEverywhereAfter(cookie, since)).toBeLessThan(BOUND_MS);
    expect(res.token).toBeTruthy();
    const fresh = await signInCookie(a, email, "a-new-password-1");
    for (const s of instances) expect(await emailOn(s, fresh)).toBe(email);
  });

  it("when the password is reset by mailed link", async () => {
    const email = "forgetful@example.com";
    const { cookie } = await signedInUser(email);
    await a.auth.api.requestPasswordReset({ body: { email, redirectTo: "/auth/reset-password" } });
    const [row] = await a.database.query<{ identifier: string }>(
      `select identifier from verification where identifier like 'reset-password:%' order by created_at desc limit 1`,
    );
    const token = row!.identifier.slice("reset-password:".length);
    const since = performance.now();
    await a.auth.api.resetPassword({ body: { token, newPassword: "a-new-password-2" } });
    expect(await refusedEverywhereAfter(cookie, since)).toBeLessThan(BOUND_MS);
  });
});

/** GET /api/stream on an instance as the cookie's owner; `ended` settles when the server ends it. */
async function openStream(s: Services, cookie: string) {
  const app = express();
  s.sse.mount(app);
  const server = await new Promise<http.Server>((resolve) => {
    const srv = app.listen(0, "127.0.0.1", () => resolve(srv));
  });
  const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/stream`, {
    headers: { cookie },
  });
  const reader = res.body!.getReader();
  await reader.read(); // the stream is open
  const ended = (async () => {
    while (!(await reader.read().catch(() => ({ done: true }))).done);
    return performance.now();
  })();
  return {
    ended,
    close: () => {
      reader.cancel().catch(() => {});
      server.closeAllConnections();
      server.close();
    },
  };
}

describe("open event streams (they carry the user's notifications)", () => {
  it("end on every instance within the bound when the user is banned; another user's stay open", async () => {
    const { id, cookie } = await signedInUser("streaming@example.com");
    const bystander = await signedInUser("still-streaming@example.com");
    const streams = await Promise.all(instances.map((s) => openStream(s, cookie)));
    const others = await Promise.all(instances.map((s) => openStream(s, bystander.cookie)));
    try {
      const since = performance.now();
      await setBanned(a.db, a.revokeAllSessions, { userId: id, actorId: adminId, banned: true });
      const timeout = new Promise<number>((r) => setTimeout(() => r(Number.POSITIVE_INFINITY), 2 * BOUND_MS));
      for (const stream of streams)
        expect((await Promise.race([stream.ended, timeout])) - since).toBeLessThan(BOUND_MS);
      const stillOpen = await Promise.race([
        Promise.any(others.map((o) => o.ended)).then(() => false),
        new Promise<boolean>((r) => setTimeout(() => r(true), 300)),
      ]);
      expect(stillOpen).toBe(true);
    } finally {
      for (const stream of [...streams, ...others]) stream.close();
    }
  });
});

describe("what is never cached", () => {
  it("a Cookie header naming the session cookie twice is read from the database every time", async () => {
    const { cookie } = await signedInUser("twice@example.com");
    const doubled = `${cookie}; ${cookie.replace(/=([^;]*)/, "=forged-token.c2lnbmF0dXJl")}`;
    const before = a.sessions.stats();
    await a.sessions.get(headersOf(doubled));
    await a.sessions.get(headersOf(doubled));
    expect(a.sessions.stats().hits).toBe(before.hits);
  });

  it("a forged or unknown token never becomes a session", async () => {
    const forged = "better-auth.session_token=forged-token.c2lnbmF0dXJl";
    for (const s of instances) {
      expect(await emailOn(s, forged)).toBeNull();
      expect(await emailOn(s, forged)).toBeNull();
    }
  });
});

describe("admin role changes apply on every instance at once", () => {
  it("a grant and a revoke are seen within the bound, after 'not admin' was remembered", async () => {
    const { id } = await signedInUser("promoted@example.com");
    for (const s of instances) {
      expect(await s.isAdmin(id)).toBe(false);
      expect(await s.isAdmin(id)).toBe(false);
    }
    let since = performance.now();
    await grantAdmin(a.db, id);
    for (const s of instances)
      await expect.poll(() => s.isAdmin(id), { timeout: 2 * BOUND_MS, interval: 10 }).toBe(true);
    expect(performance.now() - since).toBeLessThan(BOUND_MS);
    since = performance.now();
    await revokeAdmin(a.db, id);
    for (const s of instances)
      await expect.poll(() => s.isAdmin(id), { timeout: 2 * BOUND_MS, interval: 10 }).toBe(false);
    expect(performance.now() - since).toBeLessThan(BOUND_MS);
  });
});

describe.skipIf(!isPostgresRun())("with the bus connections cut", () => {
  it("a ban made while no instance hears the bus still ends the session within the bound", async () => {
    const { id, cookie } = await signedInUser("unlucky@example.com");
    const streams = await Promise.all(instances.map((s) => openStream(s, cookie)));
    try {
      // Every LISTEN connection on this database ends; the instances reconnect on their own.
      await a.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`,
      );
      const since = performance.now();
      await setBanned(a.db, a.revokeAllSessions, { userId: id, actorId: adminId, banned: true });
      expect(await refusedEverywhereAfter(cookie, since)).toBeLessThan(BOUND_MS);
      // Its open streams end once the instance is back on the bus and asks again.
      const timeout = new Promise<number>((r) => setTimeout(() => r(Number.POSITIVE_INFINITY), 2 * BOUND_MS));
      for (const stream of streams)
        expect((await Promise.race([stream.ended, timeout])) - since).toBeLessThan(BOUND_MS);
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});
