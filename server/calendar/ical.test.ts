import { describe, expect, it } from "vitest";
import { toICalendar } from "#common/ical";

/**
 * The RFC 5545 rules a calendar app depends on, checked on the feed's raw text: CRLF line ends,
 * content lines folded at 75 octets (continuations start with one space), balanced components,
 * VERSION and PRODID on the calendar, exactly one UID, DTSTAMP and DTSTART per event, UTC date-times,
 * valid property names, and escaped text values.
 */
function validate(ics: string): string[] {
  const problems: string[] = [];
  if (!ics.endsWith("\r\n")) problems.push("does not end with CRLF");
  if (/[^\r]\n/.test(ics) || /\r(?!\n)/.test(ics)) problems.push("bare LF or CR");
  const physical = ics.slice(0, -2).split("\r\n");
  physical.forEach((line, i) => {
    const octets = new TextEncoder().encode(line).length;
    if (octets > 75) problems.push(`line ${i + 1} has ${octets} octets`);
  });
  if (physical[0]?.startsWith(" ")) problems.push("starts with a continuation");
  const lines = ics.slice(0, -2).replace(/\r\n /g, "").split("\r\n");
  const stack: string[] = [];
  let event: Record<string, number> | null = null;
  const top: Record<string, number> = {};
  for (const line of lines) {
    const m = line.match(/^([A-Z][A-Z0-9-]*)((?:;[A-Z0-9-]+=[^:;]+)*):(.*)$/);
    if (!m) {
      problems.push(`not a content line: ${line.slice(0, 40)}`);
      continue;
    }
    const [, name, , value] = m;
    if (name === "BEGIN") {
      stack.push(value!);
      if (value === "VEVENT") event = {};
      continue;
    }
    if (name === "END") {
      if (stack.pop() !== value) problems.push(`END:${value} without its BEGIN`);
      if (value === "VEVENT" && event) {
        for (const required of ["UID", "DTSTAMP", "DTSTART"])
          if (event[required] !== 1) problems.push(`event with ${event[required] ?? 0} ${required}`);
        event = null;
      }
      continue;
    }
    const target = event ?? top;
    target[name!] = (target[name!] ?? 0) + 1;
    if (["DTSTART", "DTSTAMP"].includes(name!) && !/^\d{8}T\d{6}Z$/.test(value!))
      problems.push(`${name} not in UTC: ${value}`);
    if (["SUMMARY", "DESCRIPTION", "LOCATION"].includes(name!) && /(^|[^\\])[;,]/.test(value!))
      problems.push(`${name} has an unescaped ; or ,`);
    if (name === "STATUS" && !["TENTATIVE", "CONFIRMED", "CANCELLED"].includes(value!))
      problems.push(`STATUS ${value}`);
  }
  if (stack.length) problems.push(`unclosed ${stack.join(", ")}`);
  if (top.VERSION !== 1 || top.PRODID !== 1) problems.push("VERSION and PRODID are required once");
  return problems;
}

const base = {
  description: "",
  country: "Saudi Arabia",
  category: "Central Bank",
  importance: "high" as const,
  impact: "",
  forecast: null,
  previous: null,
};

describe("iCalendar feed validity", () => {
  it("passes the checks with long Arabic text, escapes, a cancelled and a tentative event; times stay UTC", () => {
    const ics = toICalendar(
      [
        {
          ...base,
          id: "0b7f4c1e-0000-4000-8000-000000000001",
          title: "قرار سعر الفائدة; الريبو, البنك المركزي السعودي ".repeat(4),
          description: "Moves with the Fed; rates, spreads\nand banks.",
          startsAt: new Date("2026-12-09T19:30:00Z"),
          forecast: "4.25%",
          actual: "4.00%",
          confidence: "confirmed",
        },
        {
          ...base,
          id: "0b7f4c1e-0000-4000-8000-000000000002",
          title: "Crude Oil Inventories",
          startsAt: new Date("2026-12-09T15:30:00Z"),
          status: "cancelled",
          confidence: "confirmed",
        },
        {
          ...base,
          id: "0b7f4c1e-0000-4000-8000-000000000003",
          title: "QFC Qatar PMI",
          startsAt: new Date("2026-12-22T04:15:00Z"),
          confidence: "schedule",
        },
      ],
      { host: "gulfpulse.test", now: new Date("2026-11-22T08:00:00Z") },
    );
    expect(validate(ics)).toEqual([]);
    const unfolded = ics.replace(/\r\n /g, "");
    expect(unfolded).toContain(
      "UID:0b7f4c1e-0000-4000-8000-000000000002@gulfpulse.test\r\nDTSTAMP:20261122T080000Z",
    );
    expect(unfolded.match(/STATUS:\w+/g)).toEqual([
      "STATUS:CONFIRMED",
      "STATUS:CANCELLED",
      "STATUS:TENTATIVE",
    ]);
    expect(unfolded).toContain("Actual: 4.00%\\nForecast: 4.25%");
    expect(unfolded).toContain("Time from the usual schedule\\, not confirmed.");
  });

  it("the validator catches what it claims to (a bare LF, an over-long line, a missing UID)", () => {
    const good = toICalendar([{ ...base, id: "x", title: "T", startsAt: new Date("2026-12-09T19:30:00Z") }], {
      host: "h",
      now: new Date("2026-11-22T08:00:00Z"),
    });
    expect(validate(good)).toEqual([]);
    expect(validate(good.replace("VERSION:2.0\r\n", "VERSION:2.0\n"))).toContain("bare LF or CR");
    expect(validate(good.replace("SUMMARY:T", `SUMMARY:${"T".repeat(80)}`))).toEqual(
      expect.arrayContaining([expect.stringMatching(/octets/)]),
    );
    expect(validate(good.replace(/UID:[^\r]+\r\n/, ""))).toContain("event with 0 UID");
  });
});
