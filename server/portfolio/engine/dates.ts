/** Calendar arithmetic on "YYYY-MM-DD" strings through UTC day numbers (days since 1970-01-01). */

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written "YYYY-MM-DD". */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  return dayString(dayNumber(value)) === value;
}

export function dayNumber(date: string): number {
  return Math.floor(Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / DAY_MS);
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
