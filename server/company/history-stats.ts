import type { StatisticBasis } from "#common/key-statistics";
import type { DailyBar } from "./daily-bars";

/** Sessions averaged for the average volume: the latest 30 that carry a volume. */
export const AVERAGE_VOLUME_SESSIONS = 30;
/** The 52-week range spans the sessions of the 364 days up to the latest one. */
const RANGE_DAYS = 364;

/** What a year of stored daily bars says, and what it was computed from. */
export interface HistoryStats {
  /** Only simulated bars exist: every figure here is labelled "Simulated". */
  simulated: boolean;
  /** The bars' source: the latest counted bar's, else the one given (real ticks carry none). */
  source: string;
  latest: DailyBar;
  range52Week: { low: number; high: number; basis: StatisticBasis };
  averageVolume30Day?: { value: number; basis: StatisticBasis };
}

const basisOf = (bars: DailyBar[]): StatisticBasis => ({
  sessions: bars.length,
  from: bars[0]!.date,
  to: bars.at(-1)!.date,
});

const daysBefore = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/**
 * Statistics from daily bars (oldest first). Real bars only when any exist: a simulated bar never
 * feeds a figure shown under a real source. With only simulated bars, the figures come from them
 * and say so. `realSource` names real bars that no history source stamped (bars made of a real
 * source's ticks).
 */
export function historyStats(bars: DailyBar[], realSource: string | null): HistoryStats | null {
  const real = bars.filter((b) => b.real);
  const counted = real.length > 0 ? real : bars;
  const latest = counted.at(-1);
  if (!latest) return null;
  const simulated = real.length === 0;
  const since = daysBefore(latest.date, RANGE_DAYS);
  const year = counted.filter((b) => b.date >= since);
  const withVolume = year.filter((b) => b.volume !== null).slice(-AVERAGE_VOLUME_SESSIONS);
  const total = withVolume.reduce((sum, b) => sum + (b.volume ?? 0), 0);
  return {
    simulated,
    source: simulated ? "simulator" : (latest.source ?? realSource ?? "feed"),
    latest,
    range52Week: {
      low: Math.min(...year.map((b) => b.low)),
      high: Math.max(...year.map((b) => b.high)),
      basis: basisOf(year),
    },
    ...(withVolume.length > 0
      ? { averageVolume30Day: { value: total / withVolume.length, basis: basisOf(withVolume) } }
      : {}),
  };
}
