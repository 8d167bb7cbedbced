import { utcOffsetMinutes } from "#common/zoned-time";
import type { ExchangeInfo } from "./types";

/**
 * Trading calendars (from the exchanges' published hours and holidays). Times are local to the
 * exchange; `days` uses 0 = Sunday. Closures are local dates (Eid breaks and national days are
 * approximate: the Islamic calendar depends on moon sighting, so operators should refine them).
 */
export interface Exchange {
  id: string;
  name: string;
  timeZone: string;
  days: number[];
  /** Minutes after local midnight; 0..1440 means around the clock. */
  open: number;
  close: number;
  closures: ReadonlySet<string>;
}

const hm = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5));
const SUN_THU = [0, 1, 2, 3, 4];
const MON_FRI = [1, 2, 3, 4, 5];
const YEARS = [2025, 2026, 2027];

function range(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}
const everyYear = (...monthDays: string[]) => YEARS.flatMap((y) => monthDays.map((md) => `${y}-${md}`));

// Approximate Eid al-Fitr and Eid al-Adha breaks observed by Gulf exchanges.
const EID = [
  ...range("2025-03-30", "2025-04-03"),
  ...range("2025-06-05", "2025-06-09"),
  ...range("2026-03-19", "2026-03-24"),
  ...range("2026-05-26", "2026-05-31"),
  ...range("2027-03-09", "2027-03-14"),
  ...range("2027-05-15", "2027-05-19"),
];
const NYSE_HOLIDAYS = [
  ...["2025-01-01", "2025-01-09", "2025-01-20", "2025-02-17", "2025-04-18", "2025-05-26"],
  ...["2025-06-19", "2025-07-04", "2025-09-01", "2025-11-27", "2025-12-25"],
  ...["2026-01-01", "2026-01-19", "2026-02-16", "2026-04-03", "2026-05-25", "2026-06-19"],
  ...["2026-07-03", "2026-09-07", "2026-11-26", "2026-12-25"],
  ...["2027-01-01", "2027-01-18", "2027-02-15", "2027-03-26", "2027-05-31", "2027-06-18"],
  ...["2027-07-05", "2027-09-06", "2027-11-25", "2027-12-24"],
];
const GOOD_FRIDAY = ["2025-04-18", "2026-04-03", "2027-03-26"];

function exchange(
  id: string,
  name: string,
  timeZone: string,
  days: number[],
  open: string,
  close: string,
  closures: string[] = [],
): Exchange {
  return { id, name, timeZone, days, open: hm(open), close: hm(close), closures: new Set(closures) };
}

export const EXCHANGES: Record<string, Exchange> = Object.fromEntries(
  [
    exchange("TADAWUL", "Saudi Exchange (Tadawul)", "Asia/Riyadh", SUN_THU, "10:00", "15:00", [
      ...EID,
      ...everyYear("02-22", "09-23"),
    ]),
    exchange("DFM", "Dubai Financial Market", "Asia/Dubai", MON_FRI, "10:00", "15:00", [
      ...EID,
      ...everyYear("01-01", "12-01", "12-02", "12-03"),
    ]),
    exchange("ADX", "Abu Dhabi Securities Exchange", "Asia/Dubai", MON_FRI, "10:00", "14:45", [
      ...EID,
      ...everyYear("01-01", "12-01", "12-02", "12-03"),
    ]),
    exchange("BOURSA_KUWAIT", "Boursa Kuwait", "Asia/Kuwait", SUN_THU, "09:00", "13:00", [
      ...EID,
      ...everyYear("01-01", "02-25", "02-26"),
    ]),
    exchange("QSE", "Qatar Stock Exchange", "Asia/Qatar", SUN_THU, "09:30", "13:00", [
      ...EID,
      ...everyYear("12-18"),
    ]),
    exchange("BAHRAIN", "Bahrain Bourse", "Asia/Bahrain", SUN_THU, "09:30", "13:00", [
      ...EID,
      ...everyYear("01-01", "05-01", "12-16", "12-17"),
    ]),
    exchange("MSX", "Muscat Stock Exchange", "Asia/Muscat", SUN_THU, "10:00", "14:00", [
      ...EID,
      ...everyYear("11-20", "11-21"),
    ]),
    exchange("ASE", "Amman Stock Exchange", "Asia/Amman", SUN_THU, "10:30", "13:30", [
      ...EID,
      ...everyYear("01-01", "05-01", "05-25"),
    ]),
    exchange("FX", "Foreign exchange (OTC)", "UTC", MON_FRI, "00:00", "24:00", everyYear("01-01", "12-25")),
    exchange("COMMODITIES", "ICE / NYMEX / COMEX futures", "Europe/London", MON_FRI, "01:00", "23:00", [
      ...everyYear("01-01", "12-25"),
      ...GOOD_FRIDAY,
    ]),
    exchange("CRYPTO", "Crypto exchanges", "UTC", [0, 1, 2, 3, 4, 5, 6], "00:00", "24:00"),
    exchange("NYSE", "NYSE / Nasdaq", "America/New_York", MON_FRI, "09:30", "16:00", NYSE_HOLIDAYS),
  ].map((e) => [e.id, e]),
);

export interface LocalTime {
  /** The exchange's local calendar date, YYYY-MM-DD. */
  date: string;
  weekday: number;
  minutes: number;
}

export function localTime(ex: Exchange, ms: number): LocalTime {
  const d = new Date(ms + utcOffsetMinutes(ex.timeZone, ms) * 60_000);
  return {
    date: d.toISOString().slice(0, 10),
    weekday: d.getUTCDay(),
    minutes: d.getUTCHours() * 60 + d.getUTCMinutes(),
  };
}

/** Whether the exchange trades on a local date at all (weekday and closures). */
export function isTradingDay(ex: Exchange, date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return ex.days.includes(weekday) && !ex.closures.has(date);
}

export function isOpen(ex: Exchange, ms: number): boolean {
  const t = localTime(ex, ms);
  return (
    ex.days.includes(t.weekday) && !ex.closures.has(t.date) && t.minutes >= ex.open && t.minutes < ex.close
  );
}

/** The trading session a moment belongs to: the exchange's local date. */
export const sessionDate = (ex: Exchange, ms: number) => localTime(ex, ms).date;

export const sessionMinutes = (ex: Exchange) => ex.close - ex.open;

const clock = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;

/** The UTC time of a local date and minute on the exchange's clock (DST-aware). */
function atLocal(ex: Exchange, date: string, minutes: number): number {
  const guess = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  const first = guess - utcOffsetMinutes(ex.timeZone, guess) * 60_000;
  return guess - utcOffsetMinutes(ex.timeZone, first) * 60_000;
}

const shiftDate = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The most recent close at or before `ms` (null for a market that never closes). */
export function lastClose(ex: Exchange, ms: number): number | null {
  if (ex.open === 0 && ex.close === 1440 && ex.days.length === 7) return null;
  const today = localTime(ex, ms).date;
  for (let back = 0; back < 30; back++) {
    const date = shiftDate(today, -back);
    if (!isTradingDay(ex, date)) continue;
    const at = atLocal(ex, date, ex.close);
    if (at <= ms) return at;
  }
  return null;
}

/** The next open after `ms` (null for a market that never closes). */
export function nextOpen(ex: Exchange, ms: number): number | null {
  if (ex.open === 0 && ex.close === 1440 && ex.days.length === 7) return null;
  const today = localTime(ex, ms).date;
  for (let ahead = 0; ahead < 30; ahead++) {
    const date = shiftDate(today, ahead);
    if (!isTradingDay(ex, date)) continue;
    const at = atLocal(ex, date, ex.open);
    // Around-the-clock days run into each other: the next open is after a closed day only.
    if (at > ms && !(ex.open === 0 && isOpen(ex, at - 60_000))) return at;
  }
  return null;
}

/** Calendar facts for the UI, with today's offset so it can show the hours in GMT too. */
export function exchangeInfo(ex: Exchange, ms: number): ExchangeInfo {
  return {
    id: ex.id,
    name: ex.name,
    timeZone: ex.timeZone,
    days: ex.days,
    open: clock(ex.open),
    close: clock(ex.close),
    allDay: ex.open === 0 && ex.close === 1440,
    utcOffsetMinutes: utcOffsetMinutes(ex.timeZone, ms),
    openNow: isOpen(ex, ms),
    lastCloseAt: lastClose(ex, ms),
    nextOpenAt: nextOpen(ex, ms),
  };
}
