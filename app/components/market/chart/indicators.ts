/**
 * Chart indicators, pure: each takes closes oldest first and returns one value per input (null
 * where the window is not yet full), so a series lines up with the bars it was computed from.
 */

/** Simple moving average of the last `period` values. */
export function sma(values: readonly number[], period: number): (number | null)[] {
  if (!Number.isInteger(period) || period < 1) throw new RangeError("period must be a whole number ≥ 1");
  const out: (number | null)[] = [];
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    sum += values[i]!;
    if (i >= period) sum -= values[i - period]!;
    out.push(i >= period - 1 ? sum / period : null);
  }
  return out;
}

/**
 * Relative strength index with Wilder's smoothing (the definition trading platforms use): the
 * first average gain and loss are plain means of the first `period` changes, each later one is
 * (previous × (period − 1) + current) / period; RSI = 100 − 100 / (1 + gain / loss), 100 when
 * there was no loss. The first value is at index `period` (it needs `period` changes).
 */
export function rsi(closes: readonly number[], period = 14): (number | null)[] {
  if (!Number.isInteger(period) || period < 1) throw new RangeError("period must be a whole number ≥ 1");
  const out: (number | null)[] = closes.map(() => null);
  if (closes.length <= period) return out;
  let gain = 0;
  let loss = 0;
  for (let i = 1; i <= period; i++) {
    const change = closes[i]! - closes[i - 1]!;
    if (change > 0) gain += change;
    else loss -= change;
  }
  gain /= period;
  loss /= period;
  out[period] = rsiOf(gain, loss);
  for (let i = period + 1; i < closes.length; i++) {
    const change = closes[i]! - closes[i - 1]!;
    gain = (gain * (period - 1) + Math.max(change, 0)) / period;
    loss = (loss * (period - 1) + Math.max(-change, 0)) / period;
    out[i] = rsiOf(gain, loss);
  }
  return out;
}

const rsiOf = (gain: number, loss: number) =>
  loss === 0 ? (gain === 0 ? 50 : 100) : 100 - 100 / (1 + gain / loss);

/**
 * Values rebased to the percentage change from the first one, so two instruments of different
 * prices (a company and its index) share one axis. Empty when the first value is not positive.
 */
export function rebase(values: readonly number[]): number[] {
  const base = values[0];
  if (base === undefined || !(base > 0)) return [];
  return values.map((v) => ((v - base) / base) * 100);
}

/**
 * The comparison's values at the main series' times: the latest comparison close at or before
 * each time (the two markets may skip different days), none before its first bar.
 */
export function alignCloses(
  times: readonly number[],
  other: readonly { time: number; close: number }[],
): (number | null)[] {
  const out: (number | null)[] = [];
  let j = -1;
  for (const t of times) {
    while (j + 1 < other.length && other[j + 1]!.time <= t) j++;
    out.push(j >= 0 ? other[j]!.close : null);
  }
  return out;
}
