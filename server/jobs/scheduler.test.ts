import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../logger";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";
import { createScheduler } from "./scheduler";

const log = createLogger("silent");
let s: Services;
beforeAll(async () => {
  s = await createTestServices();
});
afterAll(() => s.close());

describe("scheduler", () => {
  it("runs a job at start and on its interval, never overlapping itself", async () => {
    const jobs = createScheduler(s.database, log);
    let running = 0;
    let maxConcurrent = 0;
    let runs = 0;
    jobs.register({
      name: "slow",
      intervalMs: 10,
      async run() {
        running++;
        maxConcurrent = Math.max(maxConcurrent, running);
        await new Promise((r) => setTimeout(r, 30));
        running--;
        runs++;
      },
    });
    await jobs.start();
    expect(jobs.isLeader()).toBe(true);
    await Promise.all([jobs.runNow("slow"), jobs.runNow("slow")]);
    await new Promise((r) => setTimeout(r, 150));
    await jobs.stop();
    const after = runs;
    await new Promise((r) => setTimeout(r, 50));
    expect(runs).toBe(after);
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(maxConcurrent).toBe(1);
  });

  it("records a failing job's error without stopping the others", async () => {
    const jobs = createScheduler(s.database, log);
    jobs.register({
      name: "broken",
      intervalMs: 60_000,
      run: async () => {
        throw new Error("feed down");
      },
    });
    await jobs.start();
    await jobs.runNow("broken");
    expect(jobs.status().find((j) => j.name === "broken")?.lastError).toBe("feed down");
    await jobs.stop();
  });

  it("a job aborted because the scheduler stops is not a failure: no error-level log line", async () => {
    const lines: Array<{ level: number; msg: string }> = [];
    const captured = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const jobs = createScheduler(s.database, captured);
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    jobs.register({
      name: "tick",
      intervalMs: 60_000,
      // As fetch does: the abort rejects with an AbortError.
      run: (signal) =>
        new Promise<void>((_resolve, reject) => {
          signal.addEventListener("abort", () => reject(signal.reason));
          started();
        }),
    });
    await jobs.start();
    await running;
    await jobs.stop();
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.map((l) => l.msg)).toContain("job stopped: shutting down");
    expect(jobs.status()[0]!.lastError).toBeNull();
  });

  it.runIf(s_isPostgres())(
    "elects exactly one leader among processes sharing a PostgreSQL server",
    async () => {
      const a = createScheduler(s.database, log);
      const b = createScheduler(s.database, log);
      await a.start();
      await b.start();
      expect([a.isLeader(), b.isLeader()].filter(Boolean)).toHaveLength(1);
      await a.stop();
      await b.stop();
    },
  );

  it.runIf(s_isPostgres())(
    "a leader whose lock connection is killed stands down and aborts its job; exactly one leader follows",
    async () => {
      const a = createScheduler(s.database, log);
      const b = createScheduler(s.database, log);
      let aborted = false;
      a.register({
        name: "long",
        intervalMs: 60_000,
        run: (signal) =>
          new Promise<void>((resolve) =>
            signal.addEventListener("abort", () => {
              aborted = true;
              resolve();
            }),
          ),
      });
      await a.start();
      await b.start();
      expect(a.isLeader()).toBe(true);
      // The server ends the session holding the lock (as an administrator or a failover would).
      await s.database.query(
        "select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and granted and objid = 7261002",
      );
      await expect.poll(() => aborted, { timeout: 5_000 }).toBe(true);
      await expect.poll(() => a.isLeader() || b.isLeader(), { timeout: 5_000 }).toBe(true);
      for (let i = 0; i < 10; i++) {
        expect([a.isLeader(), b.isLeader()].filter(Boolean)).toHaveLength(1);
        await new Promise((r) => setTimeout(r, 100));
      }
      await a.stop();
      await b.stop();
    },
  );
});

function s_isPostgres() {
  return Boolean(process.env.TEST_DATABASE_URL);
}
