const DAY_MS = 24 * 60 * 60 * 1000;

export type DateLabel =
  | { kind: "today" }
  | { kind: "yesterday" }
  | { kind: "daysAgo"; count: number }
  | { kind: "date"; date: Date };

/**
 * The history drawer's date label. Days are whole days rounded up: under 1 day is "Today", up to 2 is
 * "Yesterday", up to 7 is "N-1 days ago", older is the date.
 */
export function dateLabel(at: Date | string, now: Date = new Date()): DateLabel {
  const date = typeof at === "string" ? new Date(at) : at;
  const days = Math.ceil(Math.abs(now.getTime() - date.getTime()) / DAY_MS);
  if (days <= 1) return { kind: "today" };
  if (days === 2) return { kind: "yesterday" };
  if (days <= 7) return { kind: "daysAgo", count: days - 1 };
  return { kind: "date", date };
}
