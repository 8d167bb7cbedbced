import type { Logger } from "../logger";
import type { Bus } from "../realtime/bus";
import type { InstrumentLookup } from "./instrument-lookup";

export const WATCH_TOPIC = "market:watch";
/** A page view counts as watching for this long; SSE ticks carry the instrument meanwhile. */
const WATCH_MS = 10 * 60_000;
const ARMED_RELOAD_MS = 10_000;

/**
 * Instruments someone looks at (their page), by symbol: until when. Every process hears of a view
 * over the bus, so the leader's planner and each process's SSE fan-out know.
 */
export function createWatching(deps: {
  bus: Bus;
  log: Logger;
  clock: () => number;
  lookup: InstrumentLookup;
}) {
  const { bus, log, clock, lookup } = deps;
  const watchedUntil = new Map<string, number>();
  const lastAnnounced = new Map<string, number>();
  bus.subscribe(WATCH_TOPIC, (m: { s: string }) => {
    if (lookup.get(m.s)) watchedUntil.set(m.s, clock() + WATCH_MS);
  });
  return {
    isWatched: (symbol: string) => (watchedUntil.get(symbol) ?? 0) > clock(),
    watchedSet() {
      const now = clock();
      const out = new Set<string>();
      for (const [symbol, until] of watchedUntil) {
        if (until > now) out.add(symbol);
        else watchedUntil.delete(symbol);
      }
      return out;
    },
    watch(symbol: string) {
      const e = lookup.find(symbol);
      if (!e) return;
      const now = clock();
      watchedUntil.set(e.symbol, now + WATCH_MS);
      // Tell the other processes (and the leader's planner) at most twice a minute per symbol.
      if (now - (lastAnnounced.get(e.symbol) ?? 0) < 30_000) return;
      lastAnnounced.set(e.symbol, now);
      bus.publish(WATCH_TOPIC, { s: e.symbol }).catch((err) => log.warn({ err }, "market: watch not sent"));
    },
  };
}

/** Armed alerts' symbols, reloaded in the background (the planner reads them synchronously). */
export function armedReader(
  armedSymbols: (() => Promise<string[]>) | undefined,
  clock: () => number,
  log: Logger,
) {
  let armed: ReadonlySet<string> = new Set();
  let armedLoadedAt = 0;
  return () => {
    if (armedSymbols && clock() - armedLoadedAt > ARMED_RELOAD_MS) {
      armedLoadedAt = clock();
      armedSymbols()
        .then((list) => {
          armed = new Set(list);
        })
        .catch((err) => log.warn({ err }, "market: reading armed alert symbols failed"));
    }
    return armed;
  };
}
