/**
 * Time zones by the runtime's time-zone database (no fixed offsets: New York and Vienna change
 * their clocks, Gulf zones do not): a zone's offset at an instant, wall-clock time to a UTC
 * instant, and plain calendar-date arithmetic. The one home of these for the calendar, the
 * market's exchange hours and the alerts' trading days.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's offset from UTC at an instant, in milliseconds (e.g. -4h for New York in summer). */
export function zoneOffsetMs(instant: Date, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) {
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  }
  const asUtc = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

const offsetCache = new Map<string, number>();

/**
 * Minutes the zone is ahead of UTC at `ms` (e.g. 180 for Riyadh, -240 for New York in summer).
 * Clocks change on the hour, so the offset is read at the start of the hour and kept per zone and
 * hour: the market asks it for every quote and bar.
 */
export function utcOffsetMinutes(timeZone: string, ms: number): number {
  if (timeZone === "UTC") return 0;
  const hour = Math.floor(ms / 3_600_000);
  const key = `${timeZone}|${hour}`;
  const cached = offsetCache.get(key);
  if (cached !== undefined) return cached;
  const offset = Math.round(zoneOffsetMs(new Date(hour * 3_600_000), timeZone) / 60_000);
  if (offsetCache.size > 50_000) offsetCache.clear();
  offsetCache.set(key, offset);
  return offset;
}

export interface LocalDate {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
}

/**
 * The UTC instant of `hour:minute` local time on a date in `timeZone`. Two passes settle the offset
 * on either side of a daylight-saving change; a time skipped by a spring-forward gap lands just after it.
 */
export function zonedTimeToUtc(date: LocalDate, hour: number, minute: number, timeZone: string): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  let guess = wall - zoneOffsetMs(new Date(wall), timeZone);
  for (let i = 0; i < 2; i++) {
    const next = wall - zoneOffsetMs(new Date(guess), timeZone);
    if (next === guess) break;
    guess = next;
  }
  return new Date(guess);
}

/** Day of week 0 (Sunday) to 6 for a calendar date. */
export function weekday(d: LocalDate): number {
  return new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
}

export function addDays(d: LocalDate, days: number): LocalDate {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The nth (1-based) given weekday of a month; n = -1 is the last one. */
export function nthWeekday(year: number, month: number, dow: number, n: number): LocalDate {
  if (n > 0) {
    const firstDow = weekday({ year, month, day: 1 });
    return { year, month, day: 1 + ((dow - firstDow + 7) % 7) + (n - 1) * 7 };
  }
  const last = daysInMonth(year, month);
  const lastDow = weekday({ year, month, day: last });
  return { year, month, day: last - ((lastDow - dow + 7) % 7) };
}

export const isoDate = (d: LocalDate) =>
  `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;
