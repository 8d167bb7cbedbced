import type { Scheduler } from "../jobs/scheduler";

const RESYNC_MS = 15 * 60_000;
const EXPIRE_MS = 60_000;

/** The alerts' periodic jobs (run on the job leader). */
export function registerAlertJobs(
  jobs: Pick<Scheduler, "register">,
  work: { rebuildIndex(): Promise<void>; expireDue(): Promise<number> },
) {
  // A safety net for index events lost while a process was disconnected from the bus.
  jobs.register({
    name: "alerts-index-resync",
    intervalMs: RESYNC_MS,
    runAtStart: false,
    run: () => work.rebuildIndex(),
  });
  // Alerts past their expiry show Expired even when their condition never comes true.
  jobs.register({
    name: "alerts-expire",
    intervalMs: EXPIRE_MS,
    runAtStart: true,
    run: async () => {
      await work.expireDue();
    },
  });
}
