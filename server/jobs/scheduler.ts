import type { Database } from "../db/client";
import type { Logger } from "../logger";
import { intervalOf, type Job, type JobEntry, type JobStatus, jobEntry, runEntry } from "./job-run";
import { createLeaderElection } from "./leader-election";

export type { Job, JobStatus } from "./job-run";

export interface Scheduler {
  register(job: Job): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  isLeader(): boolean;
  status(): JobStatus[];
  /** Runs a job now (used by admin actions and tests), respecting no-overlap. */
  runNow(name: string): Promise<void>;
}

/**
 * A tiny scheduler: jobs run only on the process that leads (leader-election.ts); a term that
 * ends aborts its running jobs and stops their timers. A job never overlaps itself (job-run.ts);
 * stop() waits for running jobs. createScheduler only wires these and keeps each job's timer.
 */
export function createScheduler(database: Database, log: Logger, enabled = true): Scheduler {
  const jobs = new Map<string, JobEntry>();
  const abort = new AbortController();
  let stopped = false;
  const clearTimers = () => {
    for (const e of jobs.values()) clearTimeout(e.timer);
  };
  const election = createLeaderElection({
    database,
    log,
    onLead: () => {
      for (const name of jobs.keys()) startJob(name);
    },
    onStandDown: clearTimers,
  });

  async function runJob(name: string, signal: AbortSignal) {
    const entry = jobs.get(name);
    if (!entry || stopped) return;
    return runEntry(entry, signal, log, () => stopped);
  }

  function schedule(name: string, delay: number) {
    const entry = jobs.get(name);
    const lock = election.lock();
    if (!entry || stopped || !lock) return;
    entry.timer = setTimeout(async () => {
      if (election.lock() !== lock) return;
      await runJob(name, AbortSignal.any([abort.signal, election.termSignal()]));
      // A new term (after a lost lock) runs its own chain of timers.
      if (election.lock() === lock) schedule(name, intervalOf(entry.job));
    }, delay);
    entry.timer.unref?.();
  }

  function startJob(name: string) {
    const entry = jobs.get(name)!;
    schedule(name, entry.job.runAtStart === false ? intervalOf(entry.job) : 0);
  }

  return {
    register(job) {
      if (jobs.has(job.name)) throw new Error(`job ${job.name} registered twice`);
      jobs.set(job.name, jobEntry(job));
      if (election.lock()) startJob(job.name);
    },
    async start() {
      if (enabled) await election.start();
    },
    async stop() {
      stopped = true;
      abort.abort();
      election.resign();
      clearTimers();
      await Promise.all([...jobs.values()].map((e) => e.running));
      await election.release();
    },
    isLeader: () => election.lock() !== null,
    status: () => [...jobs.values()].map((e) => ({ ...e.status })),
    runNow: async (name) => {
      await runJob(name, abort.signal);
    },
  };
}
