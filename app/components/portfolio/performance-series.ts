import type { Bar } from "#server/market/types";
import type { SeriesPoint } from "./types";

/** One point of a line: UTC seconds of the day's midnight, as the chart takes them. */
export interface LinePoint {
  time: number;
  value: number;
}

const seconds = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

/** The portfolio's time-weighted index, one point a day (it starts at 100). */
export const portfolioLine = (series: readonly SeriesPoint[]): LinePoint[] =>
  series.map((p) => ({ time: seconds(p.date), value: p.twrIndex }));

const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/**
 * The index's daily closes from the portfolio's first day on, rebased to 100 on its first close on
 * or after that day, so both lines start together; one point per date (the last bar of a day).
 */
export function indexLine(bars: readonly Bar[], from: string | undefined): LinePoint[] {
  const byDay = new Map<string, number>();
  for (const b of bars) {
    const d = day(b.time);
    if (!from || d >= from) byDay.set(d, b.close);
  }
  const points = [...byDay].sort(([a], [b]) => a.localeCompare(b));
  const first = points[0]?.[1];
  if (!first) return [];
  return points.map(([date, close]) => ({ time: seconds(date), value: (close / first) * 100 }));
}
