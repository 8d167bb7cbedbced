import type { AdvisoryLock, Database } from "../db/client";
import type { Logger } from "../logger";

const LEADER_LOCK_KEY = 7_261_002;
/** A standby asks for the lock this often: a dead leader's jobs resume within this (plus a tick). */
const STANDBY_RETRY_MS = 2_000;
const ERROR_RETRY_MS = 500;

interface ElectionDeps {
  database: Database;
  log: Logger;
  /** A term of leadership began: start the jobs. */
  onLead(): void;
  /** The term ended because the lock was lost: the jobs' timers stop (running jobs are aborted). */
  onStandDown(): void;
}

/**
 * Leadership by a Postgres advisory lock: the process holding it is the leader for one term;
 * the others stand by and ask again. A leader whose lock connection is lost (database restart,
 * network) stands down at once, aborting its term, and competes for the lock again like a
 * standby, so two processes never lead together.
 */
export function createLeaderElection(deps: ElectionDeps) {
  const { database, log } = deps;
  /** Aborted when this term of leadership ends (lock lost or stop). */
  let term = new AbortController();
  let leader: AdvisoryLock | null = null;
  let standbyTimer: NodeJS.Timeout | undefined;
  let stopped = false;

  function askAgainIn(ms: number) {
    standbyTimer = setTimeout(tryLead, ms);
    standbyTimer.unref?.();
  }

  async function tryLead() {
    if (stopped) return;
    try {
      const lock = await database.tryAdvisoryLock(LEADER_LOCK_KEY);
      if (lock.held) {
        leader = lock;
        term = new AbortController();
        log.info("jobs: this process is the leader");
        deps.onLead();
        void lock.lost.then(() => standDown(lock));
        return;
      }
    } catch (err) {
      log.warn({ err }, "jobs: leader election failed");
      // The database is unreachable (restarting?): ask again soon so the jobs resume quickly.
      askAgainIn(ERROR_RETRY_MS);
      return;
    }
    askAgainIn(STANDBY_RETRY_MS);
  }

  function standDown(lock: AdvisoryLock) {
    if (leader !== lock || stopped) return;
    leader = null;
    term.abort();
    deps.onStandDown();
    log.warn("jobs: lost the leader lock; standing by");
    void tryLead();
  }

  return {
    start: tryLead,
    /** The lock of the current term, or null while standing by. */
    lock: () => leader,
    /** Aborted when the current term ends. */
    termSignal: () => term.signal,
    /** Stops competing and ends the current term; release() then gives the lock back. */
    resign() {
      stopped = true;
      clearTimeout(standbyTimer);
      term.abort();
    },
    async release() {
      await leader?.release();
      leader = null;
    },
  };
}

export type LeaderElection = ReturnType<typeof createLeaderElection>;
