import { foldLine } from "./ical";

/** One all-day entry of the dividend calendar's feed: an ex-date or a payment date. */
export interface DividendICalEntry {
  id: string;
  symbol: string;
  name: string;
  kind: "ex" | "payment";
  day: string;
  what: string;
  source: string;
  sourceUrl: string | null;
}

const escapeText = (s: string) =>
  s.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
const icsDay = (day: string) => day.replace(/-/g, "");
const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const icsStamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/**
 * The dividend calendar as iCalendar (RFC 5545): each ex-date and payment date an all-day event
 * (the exchanges publish dates, not times), its summary naming the company and the date's kind,
 * its description what is distributed and by whose record.
 */
export function dividendICalendar(entries: DividendICalEntry[], opts: { host: string; now?: Date }): string {
  const stamp = icsStamp(opts.now ?? new Date());
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//GulfPulse//Dividend Calendar//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "X-WR-CALNAME:GulfPulse Dividend Calendar",
    "REFRESH-INTERVAL;VALUE=DURATION:PT12H",
  ];
  for (const e of entries) {
    const label = e.kind === "ex" ? "ex-dividend date" : "dividend payment date";
    const description = [e.what, `Source: ${e.source}`, e.sourceUrl ?? ""].filter(Boolean).join("\n");
    lines.push(
      "BEGIN:VEVENT",
      `UID:${e.id}-${e.kind}@${opts.host}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${icsDay(e.day)}`,
      `DTEND;VALUE=DATE:${icsDay(nextDay(e.day))}`,
      `SUMMARY:${escapeText(`${e.name} (${e.symbol}): ${label}`)}`,
      `DESCRIPTION:${escapeText(description)}`,
      "TRANSP:TRANSPARENT",
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
