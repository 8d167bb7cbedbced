/**
 * Scale-out: real app processes (the production build) on one PostgreSQL server, as
 * behind a load balancer (npm run test:pg). Users, SSE updates and jobs work across them: a user
 * signed up on one process signs in on the other; ticks and a user's own notification reach a
 * browser connected to the process that does not run the jobs; exactly one process leads; and when
 * the leader is killed (SIGKILL) the other takes over within 10 s with no duplicate ticks,
 * alert triggers or mails.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSse } from "./market/testing/sse-client";
import type { MarketWire } from "./market/types";
import { type AppProcess, ensureBuild, readyz, startAppProcess, stopAll } from "./testing/app-process";
import { freePort, waitFor } from "./testing/net";
import { createPostgresTestDatabase, isPostgresRun } from "./testing/test-db";

const TICK_MS = 1_000;
const TAKEOVER_MS = 10_000;
let dropDatabase = async () => {};
const apps: AppProcess[] = [];
let url = "";
let a: AppProcess;
let b: AppProcess;
let cookie = "";
let alertId = "";
const email = `scale-${Date.now()}@example.com`;
const password = "correct horse battery staple";

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
    AUTH_SECRET: "multi-process-secret-multi-process-secret",
    // One public address for every process, as behind a load balancer.
    PUBLIC_URL: "http://gulfpulse.test",
    JOBS_ENABLED: "true",
    MARKET_TICK_MS: String(TICK_MS),
    REQUIRE_EMAIL_VERIFICATION: "false",
  });
  apps.push(app);
  await waitFor(`process on ${app.port}`, () => readyz(app), 90_000, 250).catch((err) => {
    throw new Error(`${err.message}\n${app.output()}`);
  });
  return app;
}

const post = (app: AppProcess, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${app.base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
    redirect: "manual",
  });

describe.skipIf(!isPostgresRun())("several app processes on one PostgreSQL server", () => {
  beforeAll(async () => {
    ensureBuild();
    const created = await createPostgresTestDatabase("gulfpulse_scale_out");
    dropDatabase = created.drop;
    url = created.url;
    a = await start();
    await waitFor("the first process to lead", async () => (await readyz(a))?.jobLeader, 30_000, 250);
    b = await start();
  }, 240_000);

  afterAll(async () => {
    await stopAll(apps);
    await dropDatabase();
  });

  it("runs the jobs on exactly one process", async () => {
    for (let i = 0; i < 3; i++) {
      expect((await readyz(a))?.jobLeader).toBe(true);
      expect((await readyz(b))?.jobLeader).toBe(false);
      await new Promise((r) => setTimeout(r, 300));
    }
  });

  it("signs in on one process a user who signed up on the other; the session works on both", async () => {
    const signUp = await post(a, "/api/auth/sign-up/email", { name: "Scale Out", email, password });
    expect(signUp.status, await signUp.clone().text()).toBe(200);
    const signIn = await post(b, "/api/auth/sign-in/email", { email, password });
    expect(signIn.status, await signIn.clone().text()).toBe(200);
    cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    for (const app of [a, b]) {
      const res = await fetch(`${app.base}/api/auth/get-session`, { headers: { cookie } });
      expect(((await res.json()) as { user: { email: string } }).user.email).toBe(email);
    }
  });

  it("delivers the leader's ticks and a user's alert notification to an SSE client of the other process", async () => {
    const client = openSse(`${b.base}/api/stream`, { cookie });
    try {
      const connectedAt = Date.now();
      const tick = await client.next(
        (e) =>
          e.event === "market" &&
          !e.data.full &&
          (e.data as MarketWire).t > connectedAt - 1_000 &&
          e.data.q.some((q: unknown[]) => q[0] === "BTC"),
        30_000,
      );
      expect(tick.id).toBe(String(tick.data.t));
      // A new tab on the standby gets a snapshot that already holds the tick.
      const late = openSse(`${b.base}/api/stream`);
      const snapshot = (await late.next((e) => e.event === "market")).data as MarketWire;
      late.close();
      expect(snapshot.full).toBe(true);
      expect(snapshot.t).toBeGreaterThanOrEqual(tick.data.t);

      // The alert is created through the leader's page action; the leader evaluates the next tick.
      const form = new URLSearchParams({
        intent: "create",
        symbol: "BTC",
        alertType: "above",
        targetValue: "0.01",
        notifyEmail: "on",
      });
      const created = await fetch(`${a.base}/price-alerts`, {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: form,
        redirect: "manual",
      });
      expect(created.status).toBe(200);
      const note = await client.next((e) => e.event === "notification", 15_000);
      expect(note.data.symbol).toBe("BTC");
      [{ id: alertId }] = await sql<{ id: string }>("select id from price_alerts where symbol = 'BTC'");
      expect(note.data.alertId).toBe(alertId);
    } finally {
      client.close();
    }
  }, 60_000);

  it("hands the jobs to the other process within 10 s of the leader being killed, with nothing done twice", async () => {
    const client = openSse(`${b.base}/api/stream`, { cookie });
    try {
      await client.next((e) => e.event === "market" && !e.data.full, 15_000);
      a.child.kill("SIGKILL");
      const killedAt = Date.now();
      await a.exited;
      await waitFor("the survivor to lead", async () => (await readyz(b))?.jobLeader, TAKEOVER_MS, 100);
      const tookOver = Date.now() - killedAt;
      expect(tookOver).toBeLessThan(TAKEOVER_MS);
      // Ticks resume from the new leader...
      await client.next((e) => e.event === "market" && (e.data as MarketWire).t > killedAt, TAKEOVER_MS);

      // ...and a new alert fires once, on the new leader, while the old one's stays fired once.
      const form = new URLSearchParams({
        intent: "create",
        symbol: "BTC",
        alertType: "above",
        targetValue: "0.02",
        notifyEmail: "on",
      });
      const created = await fetch(`${b.base}/price-alerts`, {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: form,
        redirect: "manual",
      });
      expect(created.status).toBe(200);
      const second = await client.next(
        (e) => e.event === "notification" && e.data.alertId !== alertId,
        15_000,
      );
      await new Promise((r) => setTimeout(r, 3 * TICK_MS));

      // One tick stream: each tick once, in order, about TICK_MS apart (two leaders would interleave).
      // A tick may come in several parts, each under the NOTIFY size limit and carrying the tick's
      // time: its parts arrive together and name each instrument once.
      const parts = client.events
        .filter((e) => e.event === "market" && !e.data.full)
        .map((e) => e.data as MarketWire);
      const arrival = parts.map((p) => p.t);
      expect(arrival).toEqual([...arrival].sort((x, y) => x - y));
      const ticks = [...new Set(arrival)];
      for (const t of ticks) {
        const symbols = parts.filter((p) => p.t === t).flatMap((p) => p.q.map((q) => q[0]));
        expect(new Set(symbols).size).toBe(symbols.length);
      }
      // Two leaders would interleave their ticks: half the gaps would be at most half a tick. One
      // tick may run late while the new leader writes its history backfill, so the lower quartile
      // of the gaps is checked, not the smallest.
      const gaps = ticks
        .slice(1)
        .map((t, i) => t - ticks[i]!)
        .sort((x, y) => x - y);
      expect(gaps.length).toBeGreaterThanOrEqual(3);
      expect(gaps[Math.floor(gaps.length / 4)]).toBeGreaterThanOrEqual(TICK_MS * 0.6);

      const notes = await sql<{ alert_id: string; n: number }>(
        "select alert_id, count(*)::int as n from alert_notifications group by alert_id order by alert_id",
      );
      expect(notes.map((r) => r.n)).toEqual([1, 1]);
      expect(notes.map((r) => r.alert_id).sort()).toEqual([alertId, second.data.alertId].sort());
      // One mail per trigger, delivered by whichever process led at the time.
      await waitFor(
        "both alert mails to be sent",
        async () =>
          (
            await sql<{ n: number }>(
              "select count(*)::int as n from mail_outbox where kind = 'alert-triggered' and status = 'sent'",
            )
          )[0]!.n === 2,
        15_000,
        250,
      );
      const mails = await sql<{ n: number }>(
        "select count(*)::int as n from mail_outbox where kind = 'alert-triggered'",
      );
      expect(mails[0]!.n).toBe(2);
    } finally {
      client.close();
    }
    // The survivor still shuts down cleanly.
    b.child.kill("SIGTERM");
    expect(await b.exited).toBe(0);
  }, 90_000);
});
