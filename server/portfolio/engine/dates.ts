/** Calendar arithmetic on "YYYY-MM-DD" strings through UTC day numbers (days since 1970-01-01). */

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written "YYYY-MM-DD". */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  return dayString(dayNumber(value)) === value;
}

const digit = (s: string, i: number) => s.charCodeAt(i) - 48;

/**
 * Days since 1970-01-01 of a "YYYY-MM-DD" (proleptic Gregorian), by integer arithmetic on the
 * characters (H. Hinnant's days-from-civil): called per activity and per lookup, so no Date.
 */
export function dayNumber(date: string): number {
  let y = digit(date, 0) * 1000 + digit(date, 1) * 100 + digit(date, 2) * 10 + digit(date, 3);
  const m = digit(date, 5) * 10 + digit(date, 6);
  const d = digit(date, 8) * 10 + digit(date, 9);
  if (m <= 2) y -= 1;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

export function dayString(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return dayString(dayNumber(date) + days);
}

/** The same calendar day a year earlier (29 February falls back to 28 February). */
export function yearBefore(date: string): string {
  const y = +date.slice(0, 4) - 1;
  const candidate = `${y}${date.slice(4)}`;
  return isIsoDate(candidate) ? candidate : `${y}-02-28`;
}
