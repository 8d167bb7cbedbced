/**
 * What the feed shows of an economic calendar event; the calendar's EconomicEvent
 * (server/calendar/types.ts) extends it.
 */
export interface ICalEvent {
  id: string;
  title: string;
  description: string;
  startsAt: Date;
  country: string;
  category: string;
  importance: "high" | "medium" | "low";
  impact: string;
  forecast: string | null;
  previous: string | null;
  actual?: string | null;
  confidence?: "confirmed" | "expected" | "schedule";
  status?: "scheduled" | "cancelled";
}

/** Events last half an hour in calendar apps; releases are instants but a zero-length event hides. */
const DURATION = "PT30M";

/** RFC 5545 text escaping. */
function escapeText(s: string): string {
  return s.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** Folds a content line at 75 octets without splitting a UTF-8 character (RFC 5545 §3.1). */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const out: string[] = [];
  let current = "";
  let size = 0;
  for (const ch of line) {
    const bytes = encoder.encode(ch).length;
    const limit = out.length === 0 ? 75 : 74; // continuation lines start with a space
    if (size + bytes > limit) {
      out.push(current);
      current = "";
      size = 0;
    }
    current += ch;
    size += bytes;
  }
  out.push(current);
  return out.join("\r\n ");
}

function icsDate(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** An iCalendar feed; times are UTC ("Z"), so every calendar app shows them in its own zone. */
export function toICalendar(events: ICalEvent[], opts: { host: string; now?: Date; name?: string }): string {
  const stamp = icsDate(opts.now ?? new Date());
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//GulfPulse//Economic Calendar//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(opts.name ?? "GulfPulse Economic Calendar")}`,
    "X-WR-TIMEZONE:UTC",
    "REFRESH-INTERVAL;VALUE=DURATION:PT6H",
  ];
  for (const e of events) {
    const description = [
      e.description,
      e.actual ? `Actual: ${e.actual}` : "",
      e.forecast ? `Forecast: ${e.forecast}` : "",
      e.previous ? `Previous: ${e.previous}` : "",
      e.impact ? `Impact: ${e.impact}` : "",
      `Importance: ${e.importance}`,
      e.confidence === "schedule" ? "Time from the usual schedule, not confirmed." : "",
    ]
      .filter(Boolean)
      .join("\n");
    lines.push(
      "BEGIN:VEVENT",
      `UID:${e.id}@${opts.host}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${icsDate(e.startsAt)}`,
      `DURATION:${DURATION}`,
      `SUMMARY:${escapeText(`${e.title} (${e.country})`)}`,
      `DESCRIPTION:${escapeText(description)}`,
      `CATEGORIES:${escapeText(e.category)}`,
      `LOCATION:${escapeText(e.country)}`,
      `PRIORITY:${e.importance === "high" ? 1 : e.importance === "medium" ? 5 : 9}`,
      "TRANSP:TRANSPARENT",
      `STATUS:${e.status === "cancelled" ? "CANCELLED" : e.confidence === "schedule" ? "TENTATIVE" : "CONFIRMED"}`,
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
