import type { Scheduler } from "../jobs/scheduler";
import type { Logger } from "../logger";
import type { InstrumentDirectory } from "../market/universe";
import type { ActionEntry, ActionSourceClient } from "./sources";
import type { ActionInput, ActionSource } from "./types";

/** A round asks about this many listings: a listing's history is asked about roughly once a day. */
const PER_ROUND = 3;
const ROUND_EVERY_MS = 5 * 60_000;

/**
 * The dividend history job (the leader's): each round takes the next few listings in turn and asks
 * every source that has a ticker for them; a failing source is logged and the round goes on.
 */
export function createActionRefresh(deps: {
  log: Logger;
  jobs: Scheduler;
  instruments: Pick<InstrumentDirectory, "all">;
  sources: ActionSourceClient[];
  store: (source: ActionSource, actions: ActionInput[]) => Promise<number>;
}) {
  let cursor = 0;
  async function run(entries: ActionEntry[], signal?: AbortSignal): Promise<number> {
    let stored = 0;
    for (const e of entries) {
      for (const source of deps.sources) {
        if (!source.supports(e)) continue;
        try {
          stored += await deps.store(source.name, await source.actions(e, signal));
        } catch (err) {
          deps.log.warn({ err, symbol: e.symbol, source: source.name }, "dividends: history fetch failed");
        }
      }
    }
    return stored;
  }
  if (deps.sources.length > 0)
    deps.jobs.register({
      name: "dividend-history",
      intervalMs: ROUND_EVERY_MS,
      async run(signal) {
        const all = await deps.instruments.all();
        if (all.length === 0) return;
        const round = Array.from(
          { length: Math.min(PER_ROUND, all.length) },
          (_, i) => all[(cursor + i) % all.length]!,
        );
        cursor = (cursor + round.length) % all.length;
        await run(round, signal);
      },
    });
  return { run };
}
