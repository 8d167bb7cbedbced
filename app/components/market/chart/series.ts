import type { Bar } from "#server/market/types";
import { alignCloses, rebase, rsi, sma } from "./indicators";

export type Point = { time: number; value: number };

export const UP = "#059669";
export const DOWN = "#dc2626";
/** Moving averages: 20 sessions in amber, 50 in violet; the legend uses the same colours. */
export const MA_PERIODS = [
  { period: 20, color: "#d97706" },
  { period: 50, color: "#7c3aed" },
] as const;
export const COMPARE_COLOR = "#d97706";
export const MAIN_COLOR = "#1f6fb2";

const points = (bars: readonly Bar[], values: readonly (number | null)[]): Point[] =>
  bars.flatMap((b, i) => (values[i] == null ? [] : [{ time: b.time, value: values[i]! }]));

/** The volume histogram: a bar for each bar with a volume, green on an up bar, red on a down one. */
export const volumePoints = (bars: readonly Bar[]) =>
  bars.flatMap((b) =>
    b.volume == null
      ? []
      : [{ time: b.time, value: b.volume, color: b.close >= b.open ? `${UP}80` : `${DOWN}80` }],
  );

export const maPoints = (bars: readonly Bar[], period: number) =>
  points(
    bars,
    sma(
      bars.map((b) => b.close),
      period,
    ),
  );

export const rsiPoints = (bars: readonly Bar[], period = 14) =>
  points(
    bars,
    rsi(
      bars.map((b) => b.close),
      period,
    ),
  );

/**
 * Both instruments as the percentage change since the first time both have a price, so they share
 * one axis; each one's change over the range for the legend.
 */
export function comparison(bars: readonly Bar[], other: readonly Bar[]) {
  const aligned = alignCloses(
    bars.map((b) => b.time),
    other,
  );
  const start = aligned.findIndex((v) => v !== null);
  if (start < 0) return null;
  const from = bars.slice(start);
  const main = rebase(from.map((b) => b.close));
  const theirs = rebase(aligned.slice(start) as number[]);
  if (main.length === 0 || theirs.length === 0) return null;
  return {
    main: from.map((b, i) => ({ time: b.time, value: main[i]! })),
    other: from.map((b, i) => ({ time: b.time, value: theirs[i]! })),
    mainChange: main.at(-1)!,
    otherChange: theirs.at(-1)!,
  };
}
