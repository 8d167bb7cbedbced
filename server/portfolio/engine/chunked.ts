import { createContext } from "./context";
import { buildSnapshot } from "./snapshot";
import { dayArrays, emptyState } from "./state";
import { sweep } from "./sweep";
import type { EngineInput, PortfolioSnapshot } from "./types";

/** Days swept between two yields by default: about a year, well under a millisecond of work. */
export const DEFAULT_YIELD_EVERY = 256;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The same result as `computeSnapshot`, computed in chunks of `yieldEvery` days with a
 * `setImmediate` between chunks, so other requests (a health check, a page) run between them and
 * many snapshots computed at once never block the event loop for long. Chosen over a worker
 * thread: the state is small, the work per chunk is short, and nothing is copied between threads.
 */
export async function computeSnapshotChunked(
  input: EngineInput,
  { yieldEvery = DEFAULT_YIELD_EVERY }: { yieldEvery?: number } = {},
): Promise<PortfolioSnapshot> {
  const ctx = createContext(input);
  const state = emptyState();
  const days = dayArrays(ctx.last + 1);
  const step = Math.max(1, Math.floor(yieldEvery));
  for (let from = 0; from <= ctx.last; from += step) {
    sweep(state, ctx, days, from, Math.min(ctx.last, from + step - 1));
    await nextTurn();
  }
  return buildSnapshot(state, ctx, days);
}
