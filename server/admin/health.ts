import { and, count, eq, isNotNull } from "drizzle-orm";
import { newsFeeds } from "../db/schema";
import type { AdminDeps } from "./types";

/** One line of the Site Status card; `reason` and `params` are turned into text by the UI. */
export interface HealthCheck {
  key: "database" | "jobs" | "market" | "feeds" | "mail";
  ok: boolean;
  reason: string;
  params?: Record<string, string | number>;
}

const LEADER_LOCK_KEY = 7_261_002; // server/jobs/scheduler.ts

async function guard(key: HealthCheck["key"], fn: () => Promise<HealthCheck>): Promise<HealthCheck> {
  try {
    return await fn();
  } catch (err) {
    return { key, ok: false, reason: "error", params: { error: (err as Error).message.slice(0, 200) } };
  }
}

async function database(s: AdminDeps): Promise<HealthCheck> {
  const started = performance.now();
  await s.database.query("select 1");
  return {
    key: "database",
    ok: true,
    reason: "ok",
    params: { kind: s.database.kind, ms: Math.round(performance.now() - started) },
  };
}

/** Some process must hold the jobs lock; on PostgreSQL another process may be the leader. */
async function jobs(s: AdminDeps): Promise<HealthCheck> {
  const failing = s.jobs
    .status()
    // The market and mail jobs have checks of their own.
    .filter((j) => j.lastError && j.name !== "mail-outbox" && !/market/i.test(j.name))
    .map((j) => j.name);
  if (failing.length)
    return { key: "jobs", ok: false, reason: "failing", params: { jobs: failing.join(", ") } };
  if (s.jobs.isLeader()) return { key: "jobs", ok: true, reason: "thisProcess" };
  if (s.database.kind === "postgres") {
    const rows = await s.database.query(
      "select 1 from pg_locks where locktype = 'advisory' and objid = $1 and granted limit 1",
      [LEADER_LOCK_KEY],
    );
    if (rows.length) return { key: "jobs", ok: true, reason: "otherProcess" };
  }
  return { key: "jobs", ok: false, reason: s.config.JOBS_ENABLED ? "noLeader" : "disabled" };
}

/** The feed is live when a tick arrived within three intervals (at least a minute). */
async function market(s: AdminDeps): Promise<HealthCheck> {
  const failing = s.jobs.status().find((j) => /market/i.test(j.name) && j.lastError);
  if (failing) return { key: "market", ok: false, reason: "error", params: { error: failing.lastError! } };
  const tickMs = Number(s.settings.get("marketTickMs", s.config.MARKET_TICK_MS)) || s.config.MARKET_TICK_MS;
  const last = Date.parse(s.market.snapshot().lastRefresh);
  if (!Number.isFinite(last)) return { key: "market", ok: false, reason: "noTicks" };
  const ageSeconds = Math.round((Date.now() - last) / 1000);
  if (ageSeconds * 1000 > Math.max(3 * tickMs, 60_000))
    return { key: "market", ok: false, reason: "stale", params: { seconds: ageSeconds } };
  // Ticks arriving say only that the simulator fills in: each real source must answer too.
  const sources = s.market.status?.().sources ?? [];
  const down = sources.filter((x) => !x.ok && (x.lastError || x.backoffUntil));
  if (down.length > 0)
    return {
      key: "market",
      ok: false,
      reason: "sourcesFailing",
      params: {
        failing: down.length,
        total: sources.length,
        sources: down
          .map(
            (x) =>
              `${x.name}: ${x.lastError ?? "backing off"}${x.lastErrorAt ? ` at ${x.lastErrorAt}` : ""}, last success ${x.lastSuccess ?? "never"}`,
          )
          .join("; "),
      },
    };
  return { key: "market", ok: true, reason: "ok", params: { seconds: ageSeconds } };
}

/**
 * Feeds are healthy when every enabled feed's last fetch worked; any failing feed degrades the
 * status, counted and named (news may still flow from the others, which the detail says).
 */
async function feeds(s: AdminDeps): Promise<HealthCheck> {
  const [{ enabled }] = await s.db
    .select({ enabled: count() })
    .from(newsFeeds)
    .where(eq(newsFeeds.enabled, true));
  if (enabled === 0) return { key: "feeds", ok: false, reason: "noneEnabled" };
  const failingRows = await s.db
    .select({ name: newsFeeds.name })
    .from(newsFeeds)
    .where(and(eq(newsFeeds.enabled, true), isNotNull(newsFeeds.lastError)));
  const failing = failingRows.length;
  const names = failingRows.map((r) => r.name).join(", ");
  if (failing >= enabled)
    return {
      key: "feeds",
      ok: false,
      reason: "failing",
      params: { failing, enabled, total: enabled, names },
    };
  if (failing > 0)
    return {
      key: "feeds",
      ok: false,
      reason: "someFailing",
      params: { failing, enabled, total: enabled, names },
    };
  return { key: "feeds", ok: true, reason: "ok", params: { enabled } };
}

async function mail(s: AdminDeps): Promise<HealthCheck> {
  const job = s.jobs.status().find((j) => j.name === "mail-outbox");
  if (job?.lastError) return { key: "mail", ok: false, reason: "error", params: { error: job.lastError } };
  const transport = s.outbox.health();
  if (transport.pausedUntil)
    return {
      key: "mail",
      ok: false,
      reason: "paused",
      params: { error: transport.lastTransportError ?? "" },
    };
  const { deadLastDay, overdue } = await s.outbox.backlog();
  if (deadLastDay > 0) return { key: "mail", ok: false, reason: "dead", params: { count: deadLastDay } };
  if (overdue > 0) return { key: "mail", ok: false, reason: "backlog", params: { count: overdue } };
  return { key: "mail", ok: true, reason: "ok", params: { transport: s.outbox.transport.name } };
}

/** Site Status: 'Online' only when every check passes; otherwise the failing ones are named. */
export async function siteHealth(s: AdminDeps): Promise<{ ok: boolean; checks: HealthCheck[] }> {
  const checks = await Promise.all([
    guard("database", () => database(s)),
    guard("jobs", () => jobs(s)),
    guard("market", () => market(s)),
    guard("feeds", () => feeds(s)),
    guard("mail", () => mail(s)),
  ]);
  return { ok: checks.every((c) => c.ok), checks };
}
