/**
 * Fault test: the PostgreSQL server is restarted — as a crash, `pg_ctl -m immediate`,
 * so committed data survives only through the WAL — while the app writes and ticks. The app
 * recovers on its own within 5 s of the server being back: the pool reconnects, the LISTEN/NOTIFY
 * bus listens again, the jobs leader lock is taken again; every acknowledged write is still there.
 * Runs under `npm run test:pg` on a throwaway server of its own (the shared one is not restarted).
 */
import http from "node:http";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { hasPostgresBinaries, type PgCluster, startCluster } from "#scripts/pg-cluster";
import { loadConfig } from "../config";
import { createHttpApp } from "../http/app";
import { createLogger } from "../logger";
import type { Bus } from "../realtime/bus";
import { createServices, type Services } from "../services";
import { freePort, waitFor } from "../testing/net";
import { isPostgresRun } from "../testing/test-db";
import { openPostgres } from "./client";
import { mailOutbox } from "./schema";

const LEADER_LOCK_KEY = 7_261_002;
const RECOVERY_MS = 5_000;

let cluster: PgCluster;
let s: Services;
let server: http.Server;
let base = "";

beforeAll(async () => {
  if (!isPostgresRun() || !hasPostgresBinaries()) return;
  cluster = await startCluster({ port: await freePort(), sync: true });
  const config = loadConfig({
    NODE_ENV: "test",
    AUTH_SECRET: "restart-secret-restart-secret-restart",
    DATABASE_URL: cluster.url,
    JOBS_ENABLED: "true",
    MARKET_TICK_MS: "500",
    LOG_LEVEL: "silent",
  });
  s = await createServices(config, createLogger("silent"), await openPostgres(cluster.url));
  await s.jobs.start();
  // Health endpoints only: no React Router build is needed for them.
  const app = createHttpApp({ services: s, build: () => Promise.reject(new Error("no build")) });
  server = http.createServer(app);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}, 60_000);

afterAll(async () => {
  server?.close();
  await s?.close();
  await cluster?.destroy();
});

const status = (path: string) =>
  fetch(`${base}${path}`).then(
    (r) => r.status,
    () => 0,
  );

/** Whether some session of the server holds the jobs leader lock (a bigint key: objid is its low half). */
async function leaderLockHeld() {
  const rows = await s.database.query<{ n: number }>(
    "select count(*)::int as n from pg_locks where locktype = 'advisory' and granted and objid = $1",
    [LEADER_LOCK_KEY],
  );
  return rows[0]!.n === 1;
}

it.skipIf(!isPostgresRun() || !hasPostgresBinaries())(
  "recovers within 5 s of a PostgreSQL crash-restart under load, losing no acknowledged write",
  async () => {
    expect(await leaderLockHeld()).toBe(true);
    let jobRuns = 0;
    s.jobs.register({ name: "restart-probe", intervalMs: 100, run: async () => void jobRuns++ });

    // Writers: each acknowledged insert is remembered; failures while the server is away are expected.
    const acked: string[] = [];
    let failedWrites = 0;
    let n = 0;
    let writing = true;
    const writer = async () => {
      while (writing) {
        const key = `restart:${n++}`;
        try {
          await s.outbox.enqueue({
            idempotencyKey: key,
            kind: "restart-probe",
            to: "a@example.com",
            subject: key,
            html: "",
            text: "",
          });
          acked.push(key);
        } catch {
          failedWrites++;
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    };
    const writers = Array.from({ length: 4 }, writer);
    const healthCodes = new Set<number>();
    const prober = setInterval(() => void status("/healthz").then((c) => healthCodes.add(c)), 100);

    await waitFor("writes under load", () => acked.length >= 200, 20_000);
    const ackedBefore = acked.length;
    await cluster.stop("immediate");
    expect(await status("/readyz")).toBe(503);
    await cluster.start();
    const back = Date.now();

    await waitFor("/readyz", async () => (await status("/readyz")) === 200, RECOVERY_MS, 50);
    await waitFor("new writes", () => acked.length > ackedBefore + 10, RECOVERY_MS, 50);
    const got: number[] = [];
    const bus = s.bus as unknown as Bus<{ "test:restart": { n: number } }>;
    const off = bus.subscribe("test:restart", (d) => got.push(d.n));
    let ping = 0;
    await waitFor(
      "the bus to deliver again",
      async () => {
        await bus.publish("test:restart", { n: ++ping }).catch(() => {});
        return got.length > 0;
      },
      RECOVERY_MS - (Date.now() - back),
      100,
    );
    off();
    await waitFor(
      "the leader lock again",
      async () => s.jobs.isLeader() && (await leaderLockHeld()),
      RECOVERY_MS - (Date.now() - back),
    );
    const runsAtLock = jobRuns;
    await waitFor("jobs to run again", () => jobRuns > runsAtLock, RECOVERY_MS - (Date.now() - back));
    expect(Date.now() - back).toBeLessThan(RECOVERY_MS);

    writing = false;
    clearInterval(prober);
    await Promise.all(writers);
    expect(failedWrites).toBeGreaterThan(0);
    // The process served throughout: liveness never failed.
    expect([...healthCodes]).toEqual([200]);

    // Every acknowledged write survived the crash.
    const stored = await s.db
      .select({ key: mailOutbox.idempotencyKey })
      .from(mailOutbox)
      .where(inArray(mailOutbox.idempotencyKey, acked));
    expect(stored.length).toBe(acked.length);
  },
  60_000,
);
