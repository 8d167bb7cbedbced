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

/** A registered job: its next timer, the run in progress, and what its last run did. */
export interface JobEntry {
  job: Job;
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
  status: JobStatus;
}

export const jobEntry = (job: Job): JobEntry => ({
  job,
  status: { name: job.name, lastRunAt: null, lastDurationMs: null, lastError: null, runs: 0 },
});

export const intervalOf = (job: Job) =>
  typeof job.intervalMs === "function" ? job.intervalMs() : job.intervalMs;

/**
 * One run of a job, never overlapping itself (a second call gets the run in progress), with its
 * time, duration and error recorded. `stopping` tells a shutdown from a leader term that ended.
 */
export function runEntry(entry: JobEntry, signal: AbortSignal, log: Logger, stopping: () => boolean) {
  if (entry.running) return entry.running;
  const name = entry.job.name;
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
            stopping() ? "job stopped: shutting down" : "job stopped: leader term ended",
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
