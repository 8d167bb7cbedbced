import type { AlertFrequency } from "#common/alert-options";
import { MIN_COOLDOWN_SECONDS } from "#common/alert-schema";
import { utcOffsetMinutes } from "#common/zoned-time";
import { type Exchange, isTradingDay, localTime } from "../market/exchanges";

// When an alert that fired may fire again: "once" never (until re-armed), "daily" on the next
// trading day of the symbol's exchange, "every" after its cooldown.

const DAY_MS = 86_400_000;
const shiftDate = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Local midnight of a date on the exchange's clock, in UTC ms (DST-aware). */
function localMidnight(ex: Exchange, date: string) {
  const guess = Date.parse(`${date}T00:00:00Z`);
  const first = guess - utcOffsetMinutes(ex.timeZone, guess) * 60_000;
  return guess - utcOffsetMinutes(ex.timeZone, first) * 60_000;
}

/**
 * The start of the trading day a moment belongs to: local midnight of the exchange's date, or of
 * the last trading date before it (a weekend or holiday tick still belongs to the last session).
 * Without an exchange, the UTC day.
 */
export function tradingDayStart(ex: Exchange | undefined, ms: number): number {
  if (!ex) return Math.floor(ms / DAY_MS) * DAY_MS;
  let date = localTime(ex, ms).date;
  for (let back = 0; back < 30 && !isTradingDay(ex, date); back++) date = shiftDate(date, -1);
  return localMidnight(ex, date);
}

/** The start of the next trading day after the one `ms` belongs to. */
export function nextTradingDayStart(ex: Exchange | undefined, ms: number): number {
  if (!ex) return (Math.floor(ms / DAY_MS) + 1) * DAY_MS;
  let date = shiftDate(localTime(ex, ms).date, 1);
  for (let ahead = 0; ahead < 30 && !isTradingDay(ex, date); ahead++) date = shiftDate(date, 1);
  return localMidnight(ex, date);
}

/** When an alert that fired at `firedAt` wakes again; null for "once" (it is done). */
export function wakeAfterTrigger(
  a: { frequency?: AlertFrequency; cooldownSeconds?: number | null },
  firedAt: number,
  ex: Exchange | undefined,
): number | null {
  if (a.frequency === "daily") return nextTradingDayStart(ex, firedAt);
  if (a.frequency === "every") return firedAt + Math.max(a.cooldownSeconds ?? 0, MIN_COOLDOWN_SECONDS) * 1000;
  return null;
}
