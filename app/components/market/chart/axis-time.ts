import type { Format } from "~/lib/format";

// lightweight-charts' TickMarkType: Year, Month, DayOfMonth, Time, TimeWithSeconds.
const TICK_UNITS = ["year", "month", "day", "time", "time"] as const;

/**
 * Bars carry UTC seconds. The axis shows them in the exchange's local time: the time is moved by
 * the zone's offset and then written as if it were GMT (Format.axis writes GMT), so a Tadawul bar
 * at 07:00 GMT reads 10:00, and the caption under the chart names the zone.
 */
export const zonedMs = (utcSeconds: number, offsetMinutes: number) =>
  utcSeconds * 1000 + offsetMinutes * 60_000;

/** One label of the time axis: the year, the month, the day of the month or the time, zoned. */
export function axisTickLabel(f: Format, utcSeconds: number, offsetMinutes: number, tickType: number) {
  return f.axis(zonedMs(utcSeconds, offsetMinutes), TICK_UNITS[tickType] ?? "time");
}

/** The crosshair's date and time, zoned. */
export const crosshairLabel = (f: Format, utcSeconds: number, offsetMinutes: number) =>
  f.dateTime(zonedMs(utcSeconds, offsetMinutes));
