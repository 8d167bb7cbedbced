import {
  addDays,
  daysInMonth,
  isoDate,
  type LocalDate,
  nthWeekday,
  weekday,
  zonedTimeToUtc,
} from "#common/zoned-time";
import { gulfMarketDates } from "./gulf-dates";
import type { EconomicEvent } from "./types";

/** An event as generated; source_key makes re-seeding idempotent. */
export type ScheduledEvent = Omit<EconomicEvent, "id"> & { sourceKey: string };

type Importance = EconomicEvent["importance"];

/**
 * FOMC decision days (the second day of each meeting) as published by the Federal Reserve. Other
 * years follow the Fed's usual pattern and are marked tentative.
 */
const FOMC_PUBLISHED: Record<number, string[]> = {
  2025: ["01-29", "03-19", "05-07", "06-18", "07-30", "09-17", "10-29", "12-10"],
  2026: ["01-28", "03-18", "04-29", "06-17", "07-29", "09-16", "10-28", "12-09"],
};

export function fomcDecisionDays(year: number): { date: LocalDate; published: boolean }[] {
  const known = FOMC_PUBLISHED[year];
  if (known) {
    return known.map((md) => ({
      date: { year, month: Number(md.slice(0, 2)), day: Number(md.slice(3)) },
      published: true,
    }));
  }
  const WED = 3;
  const march = nthWeekday(year, 3, WED, 3);
  return [
    nthWeekday(year, 1, WED, -1),
    march,
    addDays(march, 42),
    nthWeekday(year, 6, WED, 3),
    nthWeekday(year, 7, WED, -1),
    nthWeekday(year, 9, WED, 3),
    nthWeekday(year, 10, WED, -1),
    nthWeekday(year, 12, WED, 2),
  ].map((date) => ({ date, published: false }));
}

/** Banks whose currencies are pegged to the dollar move the same evening as the Fed. */
const PEGGED_BANKS: Array<{
  country: string;
  bank: string;
  rate: string;
  level: string;
  importance: Importance;
}> = [
  { country: "UAE", bank: "CBUAE", rate: "Base Rate", level: "3.65%", importance: "high" },
  { country: "Saudi Arabia", bank: "SAMA", rate: "Repo Rate", level: "4.25%", importance: "high" },
  { country: "Qatar", bank: "QCB", rate: "Deposit Rate", level: "4.10%", importance: "medium" },
  { country: "Bahrain", bank: "CBB", rate: "One-Week Deposit Rate", level: "4.50%", importance: "medium" },
  { country: "Oman", bank: "CBO", rate: "Repo Rate", level: "4.25%", importance: "medium" },
  { country: "Jordan", bank: "CBJ", rate: "Main Policy Rate", level: "5.75%", importance: "medium" },
];

const FED_LEVEL = "3.75%";
const KUWAIT_LEVEL = "3.75%";

/** Gulf working weeks: the UAE rests Saturday-Sunday, the others Friday-Saturday. */
function isBusinessDay(d: LocalDate, country: string): boolean {
  const dow = weekday(d);
  return country === "UAE" ? dow !== 0 && dow !== 6 : dow !== 5 && dow !== 6;
}

function nextBusinessDay(d: LocalDate, country: string): LocalDate {
  let day = d;
  while (!isBusinessDay(day, country)) day = addDays(day, 1);
  return day;
}

function lastBusinessDay(year: number, month: number, country: string): LocalDate {
  let day: LocalDate = { year, month, day: daysInMonth(year, month) };
  while (!isBusinessDay(day, country)) day = addDays(day, -1);
  return day;
}

/** The nth Monday-to-Friday day of a month (international data providers publish on weekdays). */
function nthWeekdayOfMonth(year: number, month: number, n: number): LocalDate {
  let day: LocalDate = { year, month, day: 1 };
  let count = 0;
  for (;;) {
    const dow = weekday(day);
    if (dow !== 0 && dow !== 6 && ++count === n) return day;
    day = addDays(day, 1);
  }
}

/** A deterministic figure for a series and period, so re-seeding gives the same numbers. */
function figure(series: string, period: string, base: number, spread: number, decimals: number): number {
  let h = 2166136261;
  for (const c of `${series}:${period}`) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  const unit = ((h >>> 0) % 10_000) / 10_000;
  return Number((base + (unit - 0.5) * spread).toFixed(decimals));
}

const monthKey = (y: number, m: number) => `${y}-${String(m).padStart(2, "0")}`;
const monthsBack = (y: number, m: number, n: number) => {
  const index = y * 12 + (m - 1) - n;
  return monthKey(Math.floor(index / 12), (index % 12) + 1);
};
const prevMonth = (y: number, m: number) => monthsBack(y, m, 1);
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** Every recurring event (gulf-markets reference) whose start falls in [from, to). */
export function buildSchedule(from: Date, to: Date): ScheduledEvent[] {
  const events: ScheduledEvent[] = [];
  const push = (e: ScheduledEvent) => {
    if (e.startsAt >= from && e.startsAt < to) events.push(e);
  };
  const firstYear = from.getUTCFullYear();
  const lastYear = to.getUTCFullYear();

  for (let year = firstYear; year <= lastYear; year++) {
    for (const { date, published } of fomcDecisionDays(year)) centralBanks(date, published, push);
    gulfMarketDates(year, push);
  }

  for (
    let y = firstYear, m = from.getUTCMonth() + 1;
    y < lastYear || (y === lastYear && m <= to.getUTCMonth() + 1);
  ) {
    monthly(y, m, push);
    if (++m > 12) {
      m = 1;
      y++;
    }
  }
  return events.sort(
    (a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.sourceKey.localeCompare(b.sourceKey),
  );
}

function centralBanks(date: LocalDate, published: boolean, push: (e: ScheduledEvent) => void) {
  // The FOMC statement is released at 2:00 p.m. in Washington, whatever the season.
  const fed = zonedTimeToUtc(date, 14, 0, "America/New_York");
  const day = isoDate(date);
  push({
    sourceKey: `fomc:${day}`,
    title: "Fed Interest Rate Decision",
    description: `FOMC statement on the federal funds target range${published ? "" : " (tentative date)"}. Forecast figures are indicative.`,
    startsAt: fed,
    country: "United States",
    category: "Central Bank",
    importance: "high",
    impact: "Sets the pace for every dollar-pegged Gulf currency; banks and real estate react first.",
    forecast: FED_LEVEL,
    previous: FED_LEVEL,
  });
  for (const b of PEGGED_BANKS) {
    push({
      sourceKey: `cb:${b.bank.toLowerCase()}:${day}`,
      title: `${b.bank} ${b.rate} Decision`,
      description: `${b.bank} usually moves with the Fed on the same day to defend the dollar peg.`,
      startsAt: new Date(fed.getTime() + 30 * 60_000),
      country: b.country,
      category: "Central Bank",
      importance: b.importance,
      impact: "Feeds directly into interbank rates, loan pricing and bank margins.",
      forecast: b.level,
      previous: b.level,
    });
  }
  // Kuwait pegs to a basket and decides on its own, typically the next working day.
  const cbkDay = nextBusinessDay(addDays(date, 1), "Kuwait");
  push({
    sourceKey: `cb:cbk:${isoDate(cbkDay)}`,
    title: "CBK Discount Rate Decision",
    description:
      "The Central Bank of Kuwait sets its discount rate independently; it does not always follow the Fed.",
    startsAt: zonedTimeToUtc(cbkDay, 13, 0, "Asia/Kuwait"),
    country: "Kuwait",
    category: "Central Bank",
    importance: "medium",
    impact: "Moves the Kuwaiti dinar basket and Boursa Kuwait bank stocks.",
    forecast: KUWAIT_LEVEL,
    previous: KUWAIT_LEVEL,
  });
}

function monthly(y: number, m: number, push: (e: ScheduledEvent) => void) {
  const period = monthKey(y, m);
  const prev = prevMonth(y, m);
  const month = MONTHS[(m + 10) % 12]; // data published in month m covers the month before

  const cpi = (
    country: string,
    series: string,
    title: string,
    day: number,
    tz: string,
    importance: Importance,
  ) => {
    const date = nextBusinessDay({ year: y, month: m, day }, country);
    push({
      sourceKey: `cpi:${series}:${period}`,
      title,
      description: `Consumer prices for ${month}, year on year.`,
      startsAt: zonedTimeToUtc(date, 12, 0, tz),
      country,
      category: "Inflation",
      importance,
      impact: "Higher inflation squeezes real returns and consumer stocks.",
      forecast: `${figure(series, period, 2.0, 1.0, 1)}%`,
      previous: `${figure(series, prev, 2.0, 1.0, 1)}%`,
    });
  };
  cpi("Saudi Arabia", "sa", "Saudi Arabia CPI (GASTAT)", 15, "Asia/Riyadh", "high");
  cpi("Qatar", "qa", "Qatar CPI", 22, "Asia/Qatar", "medium");
  cpi("Kuwait", "kw", "Kuwait CPI", 12, "Asia/Kuwait", "low");

  const pmiDay = nthWeekdayOfMonth(y, m, 3);
  const pmi = (
    country: string,
    series: string,
    title: string,
    tz: string,
    importance: Importance,
    day = pmiDay,
  ) =>
    push({
      sourceKey: `pmi:${series}:${period}`,
      title,
      description: `Non-oil private sector activity in ${month}; above 50 means expansion.`,
      startsAt: zonedTimeToUtc(day, 7, 15, tz),
      country,
      category: "Business Activity",
      importance,
      impact: "An early read on non-oil growth; a strong print supports banks and retailers.",
      forecast: figure(`pmi-${series}`, period, 56, 4, 1).toFixed(1),
      previous: figure(`pmi-${series}`, prev, 56, 4, 1).toFixed(1),
    });
  pmi("Saudi Arabia", "sa", "Riyad Bank Saudi Arabia PMI", "Asia/Riyadh", "high");
  pmi("UAE", "ae", "S&P Global UAE PMI", "Asia/Dubai", "medium");
  pmi("Qatar", "qa", "QFC Qatar PMI", "Asia/Qatar", "low", nthWeekdayOfMonth(y, m, 4));

  // The eight OPEC+ countries with voluntary cuts meet online early each month (Vienna time).
  push({
    sourceKey: `opec8:${period}`,
    title: "OPEC+ Eight-Country Meeting",
    description: "Online meeting of the eight OPEC+ countries that set monthly output adjustments.",
    startsAt: zonedTimeToUtc(nthWeekday(y, m, 0, 1), 13, 0, "Europe/Vienna"),
    country: "Global",
    category: "Energy",
    importance: "high",
    impact: "Output changes move Brent and, with it, Gulf budgets and energy shares.",
    forecast: null,
    previous: null,
  });
  if (m === 6 || m === 11) {
    const date = m === 6 ? nthWeekday(y, 6, 0, 1) : nthWeekday(y, 11, 0, -1);
    push({
      sourceKey: `opec-ministerial:${isoDate(date)}`,
      title: "OPEC+ Ministerial Meeting",
      description: "Full OPEC and non-OPEC ministerial meeting that sets group-wide production levels.",
      startsAt: zonedTimeToUtc(date, 12, 0, "Europe/Vienna"),
      country: "Global",
      category: "Energy",
      importance: "high",
      impact: "Sets the production baseline for the following year.",
      forecast: null,
      previous: null,
    });
  }

  quarterly(y, m, push);
}

function quarterly(y: number, m: number, push: (e: ScheduledEvent) => void) {
  const period = monthKey(y, m);
  if (m % 3 === 1) {
    // A flash estimate for the quarter that just ended, at the end of the following month.
    const q = m === 1 ? 4 : (m - 1) / 3;
    const qYear = m === 1 ? y - 1 : y;
    push({
      sourceKey: `gdp:sa-flash:${period}`,
      title: `Saudi Arabia Flash GDP Q${q} ${qYear}`,
      description: "GASTAT flash estimate of real GDP growth, year on year, with the oil and non-oil split.",
      startsAt: zonedTimeToUtc(lastBusinessDay(y, m, "Saudi Arabia"), 12, 0, "Asia/Riyadh"),
      country: "Saudi Arabia",
      category: "Growth",
      importance: "high",
      impact: "Shows whether non-oil growth offsets OPEC+ output policy.",
      forecast: `${figure("gdp-sa", period, 3.5, 2, 1)}%`,
      previous: `${figure("gdp-sa", monthsBack(y, m, 3), 3.5, 2, 1)}%`,
    });
    // Saudi listed companies publish quarterly results within 30 days of the quarter's end.
    if (m !== 1) {
      push({
        sourceKey: `earnings:sa-q:${period}`,
        title: `Saudi Listed Companies Q${q} Results Deadline`,
        description:
          "Last day for Tadawul-listed companies to publish interim results (30 days after quarter end).",
        startsAt: zonedTimeToUtc({ year: y, month: m, day: 30 }, 9, 0, "Asia/Riyadh"),
        country: "Saudi Arabia",
        category: "Earnings",
        importance: "low",
        impact: "Late filers face suspension; results season drives stock-specific moves.",
        forecast: null,
        previous: null,
      });
    }
  }
  if (m === 3) {
    push({
      sourceKey: `earnings:sa-annual:${y}`,
      title: `Saudi Listed Companies ${y - 1} Annual Results Deadline`,
      description:
        "Last day for Tadawul-listed companies to publish audited annual results (90 days after year end).",
      startsAt: zonedTimeToUtc({ year: y, month: 3, day: 31 }, 9, 0, "Asia/Riyadh"),
      country: "Saudi Arabia",
      category: "Earnings",
      importance: "low",
      impact: "Dividend announcements usually come with annual results.",
      forecast: null,
      previous: null,
    });
  }
  if (m % 3 === 0) {
    const q = m / 3 === 1 ? 4 : m / 3 - 1;
    const qYear = m === 3 ? y - 1 : y;
    push({
      sourceKey: `gdp:ae:${period}`,
      title: `UAE GDP Q${q} ${qYear}`,
      description: "Federal Competitiveness and Statistics Centre estimate of real GDP growth.",
      startsAt: zonedTimeToUtc(nextBusinessDay({ year: y, month: m, day: 15 }, "UAE"), 10, 0, "Asia/Dubai"),
      country: "UAE",
      category: "Growth",
      importance: "medium",
      impact: "Confirms the strength of tourism, real estate and trade.",
      forecast: `${figure("gdp-ae", period, 4, 1.6, 1)}%`,
      previous: `${figure("gdp-ae", monthsBack(y, m, 3), 4, 1.6, 1)}%`,
    });
    push({
      sourceKey: `gdp:qa:${period}`,
      title: `Qatar GDP Q${q} ${qYear}`,
      description: "Quarterly real GDP growth from the National Planning Council.",
      startsAt: zonedTimeToUtc(lastBusinessDay(y, m, "Qatar"), 12, 0, "Asia/Qatar"),
      country: "Qatar",
      category: "Growth",
      importance: "low",
      impact: "LNG volumes dominate; non-oil growth matters for banks.",
      forecast: `${figure("gdp-qa", period, 2.5, 2, 1)}%`,
      previous: `${figure("gdp-qa", monthsBack(y, m, 3), 2.5, 2, 1)}%`,
    });
  }
}
