import { byProcessingOrder, createContext } from "./context";
import { dayNumber } from "./dates";
import { buildSnapshot } from "./snapshot";
import {
  cloneState,
  type DayArrays,
  dayArrays,
  type EngineContext,
  emptyState,
  type LedgerState,
} from "./state";
import { linkIndex, sweep } from "./sweep";
import type { Activity, EngineInput, Ledger, LiveQuote, PortfolioSnapshot } from "./types";
import { portfolioValue } from "./valuation";

/** Days between stored copies of the running state: a change replays at most this many days early. */
export const CHECKPOINT_DAYS = 32;

interface Run {
  ctx: EngineContext;
  state: LedgerState;
  days: DayArrays;
  checkpoints: LedgerState[];
}

function keep(run: Run) {
  return (i: number, state: LedgerState) => {
    if (i % CHECKPOINT_DAYS === 0) run.checkpoints[i / CHECKPOINT_DAYS] = cloneState(state);
  };
}

function fullRun(input: EngineInput): Run {
  const ctx = createContext(input);
  const run = { ctx, state: emptyState(), days: dayArrays(ctx.last + 1), checkpoints: [] };
  sweep(run.state, ctx, run.days, 0, ctx.last, keep(run));
  return run;
}

/** Re-sweeps from the checkpoint at or before day `i` to today; earlier days are left as they are. */
function replayFrom(run: Run, i: number): void {
  const k = Math.floor(i / CHECKPOINT_DAYS);
  run.state = cloneState(run.checkpoints[k]);
  sweep(run.state, run.ctx, run.days, k * CHECKPOINT_DAYS, run.ctx.last, keep(run));
}

/** Day index of an activity in the run, or null when the whole run must be rebuilt. */
function dayIndex(run: Run, a: Activity): number | null {
  const i = dayNumber(a.date) - run.ctx.firstDay;
  const started = run.ctx.byDay.some((d) => d.length > 0);
  return started && i >= 0 ? i : null;
}

/**
 * An in-memory ledger of one portfolio that keeps its per-day state (values, flows, index) and a
 * copy of the running state every CHECKPOINT_DAYS days. `addActivity`/`removeActivity` replay
 * only from the checkpoint before the activity's date; `applyQuote` revalues today only, in
 * O(holdings), without touching history. `snapshot()` gives exactly what `computeSnapshot` gives for
 * the same activities and quotes (read-only: it is reused until the next change). Built for one `today`: make a new ledger when the date changes.
 */
export function createLedger(input: EngineInput): Ledger & { removeActivity(id: string): boolean } {
  const activities = [...input.activities];
  const quotes = new Map(input.quotes);
  const current = (): EngineInput => ({ ...input, activities, quotes });
  let run = fullRun(current());
  let cached: PortfolioSnapshot | null = null;
  const changed = (a: Activity, edit: (bucket: Activity[]) => void) => {
    cached = null;
    if (a.date > input.today) return;
    const i = dayIndex(run, a);
    if (i === null) {
      run = fullRun(current());
      return;
    }
    edit(run.ctx.byDay[i]);
    // The series starts at the first activity: when that day emptied, the range itself changed.
    if (run.ctx.byDay[0].length === 0) run = fullRun(current());
    else replayFrom(run, i);
  };
  return {
    addActivity(a) {
      activities.push(a);
      changed(a, (bucket) => {
        bucket.push(a);
        bucket.sort(byProcessingOrder);
      });
    },
    removeActivity(id) {
      const at = activities.findIndex((a) => a.id === id);
      if (at < 0) return false;
      const [a] = activities.splice(at, 1);
      changed(a, (bucket) => bucket.splice(bucket.indexOf(a), 1));
      return true;
    },
    applyQuote(q: LiveQuote) {
      quotes.set(q.symbol, q);
      cached = null;
      const last = run.ctx.last;
      run.days.value[last] = portfolioValue(run.state, run.ctx, last);
      linkIndex(run.days, last);
    },
    snapshot() {
      cached ??= buildSnapshot(run.state, run.ctx, run.days);
      return cached;
    },
  };
}
