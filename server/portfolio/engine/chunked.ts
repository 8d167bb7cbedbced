import { createContext } from "./context";
import { buildSnapshot } from "./snapshot";
import { dayArrays, emptyState } from "./state";
import { sweep } from "./sweep";
import type { EngineInput, PortfolioSnapshot } from "./types";

/** Days swept in one step by default: a fraction of a millisecond of work. */
export const DEFAULT_YIELD_EVERY = 64;
/** CPU time one event-loop turn may spend on snapshots before it lets I/O run again. */
export const TURN_BUDGET_MS = 2;

/** One step of work; true when the task is finished. */
type Step = () => boolean;

const tasks: Step[] = [];
let scheduled = false;

/**
 * Runs steps of every pending snapshot round-robin for at most TURN_BUDGET_MS, then yields to the
 * event loop with setImmediate. One budget per turn for all snapshots together: with 20 computing
 * at once a request still waits at most one budget, not 20 chunks.
 */
function turn(): void {
  scheduled = false;
  const until = performance.now() + TURN_BUDGET_MS;
  while (tasks.length && performance.now() < until) {
    const step = tasks.shift()!;
    if (!step()) tasks.push(step);
  }
  if (tasks.length) schedule();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setImmediate(turn);
}

/**
 * The same result as `computeSnapshot`, computed in steps of `yieldEvery` days through a shared
 * scheduler that gives the event loop back every few milliseconds, so many snapshots computed at
 * once never hold up other requests (a health check, a page) for long. Chosen over a worker
 * thread: the state is small, the steps are short, and nothing is copied between threads.
 */
export function computeSnapshotChunked(
  input: EngineInput,
  { yieldEvery = DEFAULT_YIELD_EVERY }: { yieldEvery?: number } = {},
): Promise<PortfolioSnapshot> {
  return new Promise((resolve, reject) => {
    const step = Math.max(1, Math.floor(yieldEvery));
    let ctx: ReturnType<typeof createContext> | null = null;
    const state = emptyState();
    let days = dayArrays(0);
    let from = 0;
    tasks.push(() => {
      try {
        if (!ctx) {
          ctx = createContext(input);
          days = dayArrays(ctx.last + 1);
          return false;
        }
        if (from <= ctx.last) {
          sweep(state, ctx, days, from, Math.min(ctx.last, from + step - 1));
          from += step;
          return false;
        }
        resolve(buildSnapshot(state, ctx, days));
      } catch (error) {
        reject(error);
      }
      return true;
    });
    schedule();
  });
}
