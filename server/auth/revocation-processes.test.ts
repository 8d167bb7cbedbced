/**
 * Two real app processes (the production build, each with its own pool and bus connection) on one
 * PostgreSQL server, as behind a load balancer (npm run test:pg). A user signed in on both — a
 * session from each process, each page answered from that process's session cache — is banned by
 * an admin on one process, signs out on the other, changes the password on one: within 1 s both
 * processes render every one of the user's sessions as signed out.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppProcess, ensureBuild, readyz, startAppProcess, stopAll } from "../testing/app-process";
import { freePort, waitFor } from "../testing/net";
import { createPostgresTestDatabase, isPostgresRun } from "../testing/test-db";

const BOUND_MS = 1_000;
let dropDatabase = async () => {};
const email = "two-processes@example.com";
const adminEmail = "two-processes-admin@example.com";
const password = "correct horse battery staple";
const apps: AppProcess[] = [];
let url = "";
let a: AppProcess;
let b: AppProcess;

async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text, params as unknown[])).rows as T[];
  } finally {
    await c.end();
  }
}

async function start() {
  const app = startAppProcess(await freePort(), {
    DATABASE_URL: url,
    AUTH_SECRET: "two-processes-secret-two-processes-secret",
    PUBLIC_URL: "http://gulfpulse.test",
    JOBS_ENABLED: "false",
    REQUIRE_EMAIL_VERIFICATION: "false",
    ADMIN_EMAILS: adminEmail,
  });
  apps.push(app);
  await waitFor(`process on ${app.port}`, () => readyz(app), 90_000, 250).catch((err) => {
    throw new Error(`${err.message}\n${app.output()}`);
  });
  return app;
}

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

const postJson = (app: AppProcess, path: string, body: unknown, cookie = "") =>
  fetch(`${app.base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
    redirect: "manual",
  });

async function signIn(app: AppProcess, as = email, pass = password) {
  const res = await postJson(app, "/api/auth/sign-in/email", { email: as, password: pass });
  expect(res.status, await res.clone().text()).toBe(200);
  return cookieOf(res);
}

/** Whether a page on that process shows the user signed in with that cookie. */
async function signedIn(app: AppProcess, cookie: string) {
  const res = await fetch(`${app.base}/about`, { headers: { cookie }, redirect: "manual" });
  return (await res.text()).includes(email);
}

/** A session from each process, each seen signed in on both processes (twice: the cache is filled). */
async function signedInOnBoth() {
  const cookies = [await signIn(a), await signIn(b)];
  for (const app of [a, b]) {
    for (const cookie of cookies) {
      expect(await signedIn(app, cookie)).toBe(true);
      expect(await signedIn(app, cookie)).toBe(true);
    }
  }
  return cookies;
}

/**
 * For every process and cookie, polled side by side: how long after `since` the first request that
 * showed it signed out was sent (a render may take a while on a busy machine; what counts is
 * whether a request sent after the change was still served the session).
 */
async function signedOutEverywhereAfter(cookies: string[], since: number) {
  const deadline = since + 5 * BOUND_MS;
  const firstRefused = async (app: AppProcess, cookie: string) => {
    while (performance.now() < deadline) {
      const sent = performance.now();
      if (!(await signedIn(app, cookie))) return sent - since;
      await new Promise((r) => setTimeout(r, 20));
    }
    return Number.POSITIVE_INFINITY;
  };
  const times = await Promise.all(
    [a, b].flatMap((app) => cookies.map((cookie) => firstRefused(app, cookie))),
  );
  return Math.max(...times);
}

async function adminAction(app: AppProcess, cookie: string, intent: string, userId: string) {
  const res = await fetch(`${app.base}/admin`, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent, userId }),
    redirect: "manual",
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe.skipIf(!isPostgresRun())(
  "two app processes on one PostgreSQL: sessions end on both within 1 s",
  () => {
    let userId = "";
    let adminCookie = "";

    beforeAll(async () => {
      ensureBuild();
      const created = await createPostgresTestDatabase("gulfpulse_revocation_apps");
      dropDatabase = created.drop;
      url = created.url;
      [a, b] = await Promise.all([start(), start()]);
      for (const [who, name] of [
        [email, "Two Processes"],
        [adminEmail, "Admin"],
      ]) {
        const res = await postJson(a, "/api/auth/sign-up/email", { name, email: who, password });
        expect(res.status, await res.clone().text()).toBe(200);
      }
      userId = (await sql<{ id: string }>(`select id from "user" where email = $1`, [email]))[0]!.id;
      adminCookie = await signIn(b, adminEmail);
    }, 240_000);

    afterAll(async () => {
      await stopAll(apps);
      await dropDatabase();
    });

    it("a ban by an admin on one process", async () => {
      const cookies = await signedInOnBoth();
      // The pages were answered from each process's session cache, not only from the database.
      for (const app of [a, b]) {
        const metrics = await (await fetch(`${app.base}/metrics`)).text();
        expect(
          Number(/gulfpulse_session_lookups\{source="memory"\} (\d+)/.exec(metrics)?.[1]),
        ).toBeGreaterThan(0);
      }
      const since = performance.now();
      await adminAction(b, adminCookie, "ban", userId);
      expect(await signedOutEverywhereAfter(cookies, since)).toBeLessThan(BOUND_MS);
      await adminAction(b, adminCookie, "unban", userId);
    });

    it("a sign-out on one process (global: every session)", async () => {
      const cookies = await signedInOnBoth();
      const since = performance.now();
      const out = await fetch(`${b.base}/auth/sign-out`, {
        method: "POST",
        headers: { cookie: cookies[1]! },
        redirect: "manual",
      });
      expect(out.status).toBe(302);
      expect(await signedOutEverywhereAfter(cookies, since)).toBeLessThan(BOUND_MS);
    });

    it("a password change on one process ends the other sessions", async () => {
      const [onA, onB] = await signedInOnBoth();
      const since = performance.now();
      const res = await postJson(
        a,
        "/api/auth/change-password",
        { currentPassword: password, newPassword: "a brand new passphrase" },
        onA,
      );
      expect(res.status, await res.clone().text()).toBe(200);
      expect(await signedOutEverywhereAfter([onA!, onB!], since)).toBeLessThan(BOUND_MS);
      // The browser that changed it holds a new session, good on both processes.
      const fresh = cookieOf(res);
      for (const app of [a, b]) expect(await signedIn(app, fresh)).toBe(true);
    });
  },
);
