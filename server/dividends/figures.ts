import type { CorporateActionView, DividendYieldFigure } from "#common/dividends";

const DAY_MS = 86_400_000;
/** The trailing twelve months: ex-dates in the 365 days up to and including today. */
const TRAILING_DAYS = 365;

const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/**
 * The trailing dividend yield: the cash dividends whose ex-date falls in the 365 days up to today
 * (in the instrument's currency; one paid in another currency is left out rather than converted)
 * over today's price. Undefined without such a dividend or a price: never a made-up 0.
 */
export function trailingYield(
  actions: CorporateActionView[],
  opts: { today: string; price: number | undefined; currency: string; priceAsOf: string },
): DividendYieldFigure | undefined {
  const { today, price } = opts;
  if (!price || !(price > 0)) return undefined;
  const from = daysBefore(today, TRAILING_DAYS - 1);
  const counted = actions.filter(
    (a) =>
      a.kind === "dividend" &&
      a.amount !== null &&
      a.exDate >= from &&
      a.exDate <= today &&
      (a.currency === null || a.currency === opts.currency),
  );
  if (counted.length === 0) return undefined;
  const total = counted.reduce((sum, a) => sum + a.amount!, 0);
  const sources = [...new Set(counted.map((a) => a.source))].sort();
  return {
    value: total / price,
    source: sources.join("+"),
    asOf: opts.priceAsOf,
    basis: { dividends: counted.length, total, currency: opts.currency, from, to: today, price },
  };
}

export interface AdjustableBar {
  /** Unix seconds (the chart API) of the bar's start. */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume?: number | null;
}

/**
 * Bars adjusted for splits and bonus shares: every bar before an action's ex-date is divided by its
 * ratio (volumes multiplied), so the chart does not show the split as a crash. A history its source
 * already adjusted is left alone: when the last close before the ex-date and the first open on it
 * are nearer to each other than to the ratio apart, the bars before already carry the split.
 */
export function adjustForSplits<T extends AdjustableBar>(
  bars: T[],
  actions: Array<Pick<CorporateActionView, "kind" | "exDate" | "ratio">>,
): { bars: T[]; adjusted: boolean } {
  let out = bars;
  let adjusted = false;
  for (const a of actions) {
    if (a.kind === "dividend" || !a.ratio || !(a.ratio > 0) || a.ratio === 1) continue;
    const exSec = Date.parse(`${a.exDate}T00:00:00Z`) / 1000;
    const before = out.filter((b) => b.time < exSec);
    const after = out.find((b) => b.time >= exSec);
    if (before.length === 0) continue;
    if (after) {
      const jump = Math.log(before.at(-1)!.close / after.open);
      if (Math.abs(jump - Math.log(a.ratio)) >= Math.abs(jump)) continue;
    }
    const k = a.ratio;
    out = out.map((b) =>
      b.time < exSec
        ? {
            ...b,
            open: b.open / k,
            high: b.high / k,
            low: b.low / k,
            close: b.close / k,
            ...(b.volume == null ? {} : { volume: b.volume * k }),
          }
        : b,
    );
    adjusted = true;
  }
  return { bars: out, adjusted };
}
