import { utcOffsetMinutes } from "#common/zoned-time";
import type { Db } from "../db/client";
import type { CatalogueEntry } from "./catalogue";
import { EXCHANGES, sessionDate } from "./exchanges";
import { dailyBarTs } from "./simulator";
import { latestBarTime, readBars } from "./store";
import type { Bar, HistoryRange } from "./types";
import { roundTo } from "./wire";

const DAY = 86_400_000;
/** Each chart range reads one bar interval, merged into buckets, back from the latest bar. */
const HISTORY: Record<HistoryRange, { interval: "1m" | "1d"; bucket: string; back: number }> = {
  "1D": { interval: "1m", bucket: "1 minute", back: DAY },
  "1W": { interval: "1m", bucket: "30 minutes", back: 7 * DAY },
  "1M": { interval: "1d", bucket: "1 day", back: 31 * DAY },
  "1Y": { interval: "1d", bucket: "1 day", back: 366 * DAY },
};

/**
 * Where a chart starts: back from the latest bar, so a closed market shows its last sessions
 * rather than an empty chart; 1D of a market with sessions shows exactly the latest session.
 */
function chartStart(entry: CatalogueEntry, range: HistoryRange, latest: number) {
  const ex = EXCHANGES[entry.exchange]!;
  if (range !== "1D" || (ex.open === 0 && ex.close === 1440)) return latest - HISTORY[range].back + 1;
  const date = sessionDate(ex, latest);
  return dailyBarTs(date) + (ex.open - utcOffsetMinutes(ex.timeZone, latest)) * 60_000;
}

/** An instrument's chart for a range, at its display precision; simulated bars say so. */
export async function chartHistory(
  db: Db,
  e: CatalogueEntry | undefined,
  range: HistoryRange,
): Promise<Bar[]> {
  const spec = HISTORY[range];
  if (!e || !spec) return [];
  const latest = await latestBarTime({ db, symbol: e.symbol, interval: spec.interval });
  if (latest === null) return [];
  const from = chartStart(e, range, latest);
  const bars = await readBars({ db, symbol: e.symbol, interval: spec.interval, bucket: spec.bucket, from });
  const d = e.decimals;
  return bars.map((b) => ({
    time: b.time,
    open: roundTo(b.open, d),
    high: roundTo(b.high, d),
    low: roundTo(b.low, d),
    close: roundTo(b.close, d),
    ...(b.volume === null ? {} : { volume: b.volume }),
    ...(b.real ? {} : { simulated: true as const }),
  }));
}
