import { addDays, dayNumber, dayString } from "./dates";
import type { ZakatEstimate } from "./types";

/** Zakat on trade goods: a quarter of a tenth (2.5%) per lunar year. */
export const ZAKAT_RATE = 0.025;

const hijriNumeric = new Intl.DateTimeFormat("en-u-ca-islamic-umalqura-nu-latn", {
  year: "numeric",
  month: "numeric",
  day: "numeric",
  timeZone: "UTC",
});

const hijriFormats = new Map<string, Intl.DateTimeFormat>();
const formatted = new Map<string, string>();

/** Hijri (Umm al-Qura) year, month and day of a Gregorian "YYYY-MM-DD". */
export function hijriParts(date: string): { year: number; month: number; day: number } {
  const parts = hijriNumeric.formatToParts(new Date(`${date}T00:00:00Z`));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get("year"), month: get("month"), day: get("day") };
}

/** A Gregorian date written in the Umm al-Qura calendar for a locale: "Jumada II 18, 1448 AH", "١٨ جمادى الآخرة ١٤٤٨ هـ". */
export function formatHijri(date: string, locale = "en"): string {
  const key = `${locale}|${date}`;
  const known = formatted.get(key);
  if (known) return known;
  let f = hijriFormats.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(`${locale}-u-ca-islamic-umalqura`, {
      year: "numeric",
      month: "long",
      day: "numeric",
      timeZone: "UTC",
    });
    hijriFormats.set(locale, f);
  }
  const text = f.format(new Date(`${date}T00:00:00Z`));
  if (formatted.size > 1000) formatted.clear();
  formatted.set(key, text);
  return text;
}

/**
 * The Gregorian date one Hijri year after `start`: the same Hijri day and month in the next Hijri
 * year (a lunar year is 354 or 355 days); when that month is shorter, its last day.
 */
export function hijriYearAfter(start: string): string {
  const h = hijriParts(start);
  const target = (h.year + 1) * 10_000 + h.month * 100 + h.day;
  const from = dayNumber(start) + 350;
  for (let day = from; day < from + 10; day++) {
    const p = hijriParts(dayString(day));
    const key = p.year * 10_000 + p.month * 100 + p.day;
    if (key === target) return dayString(day);
    if (key > target) return dayString(day - 1);
  }
  return addDays(start, 354);
}

const dueDates = new Map<string, string>();

/**
 * Zakat estimate, method "trading-market-value": holdings held for trading are trade goods, so
 * zakat is 2.5% of their market value (base currency) on the day it falls due, one Hijri
 * (lunar, Umm al-Qura) year after the start of the zakat year (default: today). Cash and
 * long-term holdings, the nisab threshold, debts and a company's own zakat are not considered:
 * it is an estimate, not a ruling.
 */
export function zakatEstimate(marketValue: number, start: string): ZakatEstimate {
  let dueDate = dueDates.get(start);
  if (!dueDate) {
    dueDate = hijriYearAfter(start);
    if (dueDates.size > 1000) dueDates.clear();
    dueDates.set(start, dueDate);
  }
  const base = Math.max(0, marketValue);
  return {
    base,
    rate: ZAKAT_RATE,
    amount: base * ZAKAT_RATE,
    dueDate,
    dueDateHijri: formatHijri(dueDate),
    method: "trading-market-value",
  };
}
