import type { AdvisoryLock, Database } from "../db/client";
import type { Logger } from "../logger";

export interface Job {
  name: string;
  intervalMs: number | (() => number);
  run(signal: AbortSignal): Promise<void>;
  /** Run once as soon as this process becomes leader (default true). */
  runAtStart?: boolean;
}

export interface JobStatus {
  name: string;
  lastRunAt: Date | null;
  lastDurationMs: number | null;
  lastError: string | null;
  runs: number;
}

export interface Scheduler {
  register(job: Job): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  isLeader(): boolean;
  status(): JobStatus[];
  /** Runs a job now (used by admin actions and tests), respecting no-overlap. */
  runNow(name: string): Promise<void>;
}

const LEADER_LOCK_KEY = 7_261_002;
/** A standby asks for the lock this often: a dead leader's jobs resume within this (plus a tick). */
const STANDBY_RETRY_MS = 2_000;
const ERROR_RETRY_MS = 500;

/**
 * A tiny scheduler: jobs run only on the process holding a Postgres advisory lock; the others
 * stand by and retry. A leader whose lock connection is lost (database restart, network) stands
 * down at once — aborting its running jobs — and competes for the lock again like a standby, so
 * two processes never run the jobs together. A job never overlaps itself; stop() waits for
 * running jobs.
 */
export function createScheduler(database: Database, log: Logger, enabled = true): Scheduler {
  const jobs = new Map<
    string,
    { job: Job; timer?: NodeJS.Timeout; running?: Promise<void>; status: JobStatus }
  >();
  const abort = new AbortController();
  /** Aborted when this term of leadership ends (lock lost or stop). */
  let term = new AbortController();
  let leader: AdvisoryLock | null = null;
  let standbyTimer: NodeJS.Timeout | undefined;
  let stopped = false;

  const intervalOf = (job: Job) => (typeof job.intervalMs === "function" ? job.intervalMs() : job.intervalMs);

  async function runJob(name: string, signal: AbortSignal) {
    const entry = jobs.get(name);
    if (!entry || stopped) return;
    if (entry.running) return entry.running;
    const started = Date.now();
    entry.running = entry.job
      .run(signal)
      .then(
        () => {
          entry.status.lastError = null;
        },
        (err) => {
          // Stopping (shutdown, or a leader term that ended) aborts running jobs on purpose: the
          // job did not fail, and a normal stop leaves no error in the log.
          if (signal.aborted) {
            log.info(
              { job: name },
              stopped ? "job stopped: shutting down" : "job stopped: leader term ended",
            );
            return;
          }
          entry.status.lastError = err instanceof Error ? err.message : String(err);
          log.error({ err, job: name }, "job failed");
        },
      )
      .finally(() => {
        entry.status.lastRunAt = new Date(started);
        entry.status.lastDurationMs = Date.now() - started;
        entry.status.runs++;
        entry.running = undefined;
      });
    return entry.running;
  }

  function schedule(name: string, delay: number) {
    const entry = jobs.get(name);
    if (!entry || stopped || !leader) return;
    const lock = leader;
    entry.timer = setTimeout(async () => {
      if (leader !== lock) return;
      await runJob(name, AbortSignal.any([abort.signal, term.signal]));
      // A new term (after a lost lock) runs its own chain of timers.
      if (leader === lock) schedule(name, intervalOf(entry.job));
    }, delay);
    entry.timer.unref?.();
  }

  function startJob(name: string) {
    const entry = jobs.get(name)!;
    schedule(name, entry.job.runAtStart === false ? intervalOf(entry.job) : 0);
  }

  async function tryLead() {
    if (stopped) return;
    try {
      const lock = await database.tryAdvisoryLock(LEADER_LOCK_KEY);
      if (lock.held) {
        leader = lock;
        term = new AbortController();
        log.info("jobs: this process is the leader");
        for (const name of jobs.keys()) startJob(name);
        void lock.lost.then(() => standDown(lock));
        return;
      }
    } catch (err) {
      log.warn({ err }, "jobs: leader election failed");
      // The database is unreachable (restarting?): ask again soon so the jobs resume quickly.
      standbyTimer = setTimeout(tryLead, ERROR_RETRY_MS);
      standbyTimer.unref?.();
      return;
    }
    standbyTimer = setTimeout(tryLead, STANDBY_RETRY_MS);
    standbyTimer.unref?.();
  }

  function standDown(lock: AdvisoryLock) {
    if (leader !== lock || stopped) return;
    leader = null;
    term.abort();
    for (const e of jobs.values()) clearTimeout(e.timer);
    log.warn("jobs: lost the leader lock; standing by");
    void tryLead();
  }

  return {
    register(job) {
      if (jobs.has(job.name)) throw new Error(`job ${job.name} registered twice`);
      jobs.set(job.name, {
        job,
        status: { name: job.name, lastRunAt: null, lastDurationMs: null, lastError: null, runs: 0 },
      });
      if (leader) startJob(job.name);
    },
    async start() {
      if (enabled) await tryLead();
    },
    async stop() {
      stopped = true;
      clearTimeout(standbyTimer);
      abort.abort();
      term.abort();
      for (const e of jobs.values()) clearTimeout(e.timer);
      await Promise.all([...jobs.values()].map((e) => e.running));
      await leader?.release();
      leader = null;
    },
    isLeader: () => leader !== null,
    status: () => [...jobs.values()].map((e) => ({ ...e.status })),
    runNow: async (name) => {
      await runJob(name, abort.signal);
    },
  };
}
