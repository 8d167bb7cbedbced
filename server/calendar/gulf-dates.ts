import { addDays, isoDate, type LocalDate, weekday, zonedTimeToUtc } from "#common/zoned-time";
import type { EconomicEvent } from "./types";

type Push = (e: Omit<EconomicEvent, "id"> & { sourceKey: string }) => void;

/** Each Gulf market: its exchange, its zone and its weekend (the UAE rests Saturday–Sunday). */
const MARKETS = [
  { country: "Saudi Arabia", exchange: "Tadawul", tz: "Asia/Riyadh" },
  { country: "UAE", exchange: "DFM and ADX", tz: "Asia/Dubai" },
  { country: "Qatar", exchange: "the Qatar Stock Exchange", tz: "Asia/Qatar" },
  { country: "Kuwait", exchange: "Boursa Kuwait", tz: "Asia/Kuwait" },
  { country: "Bahrain", exchange: "Bahrain Bourse", tz: "Asia/Bahrain" },
  { country: "Oman", exchange: "the Muscat Stock Exchange", tz: "Asia/Muscat" },
  { country: "Jordan", exchange: "the Amman Stock Exchange", tz: "Asia/Amman" },
] as const;

/** National holidays on fixed Gregorian dates (governments may move or extend them). */
const NATIONAL_DAYS: Array<{ country: string; month: number; day: number; name: string }> = [
  { country: "Saudi Arabia", month: 2, day: 22, name: "Founding Day" },
  { country: "Saudi Arabia", month: 9, day: 23, name: "National Day" },
  { country: "UAE", month: 12, day: 2, name: "National Day (Eid Al Etihad)" },
  { country: "Qatar", month: 12, day: 18, name: "National Day" },
  { country: "Kuwait", month: 2, day: 25, name: "National and Liberation Days" },
  { country: "Bahrain", month: 12, day: 16, name: "National Day" },
  { country: "Oman", month: 11, day: 20, name: "National Day" },
  { country: "Jordan", month: 5, day: 25, name: "Independence Day" },
];

const hijri = new Intl.DateTimeFormat("en-u-ca-islamic-umalqura", {
  day: "numeric",
  month: "numeric",
  timeZone: "UTC",
});

/**
 * The Gregorian days of Eid al-Fitr (1 Shawwal) and Eid al-Adha (10 Dhu al-Hijjah) in a year by
 * the Umm al-Qura calendar. The actual day follows the moon sighting and may differ by one.
 */
export function eidDays(year: number): { fitr: LocalDate | null; adha: LocalDate | null } {
  let fitr: LocalDate | null = null;
  let adha: LocalDate | null = null;
  for (let d: LocalDate = { year, month: 1, day: 1 }; d.year === year; d = addDays(d, 1)) {
    const parts = Object.fromEntries(
      hijri.formatToParts(new Date(Date.UTC(d.year, d.month - 1, d.day, 12))).map((p) => [p.type, p.value]),
    );
    if (parts.month === "10" && parts.day === "1") fitr ??= d;
    if (parts.month === "12" && parts.day === "10") adha ??= d;
  }
  return { fitr, adha };
}

/** The last Monday-to-Friday day of a month (index providers' effective dates). */
function lastWeekday(year: number, month: number): LocalDate {
  let d = addDays({ year: month === 12 ? year + 1 : year, month: month === 12 ? 1 : month + 1, day: 1 }, -1);
  while (weekday(d) === 0 || weekday(d) === 6) d = addDays(d, -1);
  return d;
}

/**
 * Gulf market dates the global feeds miss: exchange holidays (Eid, national days), index
 * rebalancing (MSCI quarterly reviews, FTSE Russell semi-annual reviews) and dividend season.
 */
export function gulfMarketDates(year: number, push: Push) {
  const { fitr, adha } = eidDays(year);
  for (const [key, name, date] of [
    ["eid-fitr", "Eid al-Fitr", fitr],
    ["eid-adha", "Eid al-Adha", adha],
  ] as const) {
    if (!date) continue;
    for (const m of MARKETS) {
      push({
        sourceKey: `holiday:${key}:${m.country.toLowerCase().replace(/\s+/g, "-")}:${year}`,
        title: `${name}: ${m.exchange} closed`,
        description: `${name} holiday (expected by the Umm al-Qura calendar; the break usually lasts several days and is confirmed by each exchange).`,
        startsAt: zonedTimeToUtc(date, 0, 0, m.tz),
        country: m.country,
        category: "Holiday",
        importance: "medium",
        impact: "No trading: liquidity thins on the days before the break.",
        forecast: null,
        previous: null,
      });
    }
  }
  for (const n of NATIONAL_DAYS) {
    const market = MARKETS.find((m) => m.country === n.country)!;
    const date = { year, month: n.month, day: n.day };
    push({
      sourceKey: `holiday:national:${n.country.toLowerCase().replace(/\s+/g, "-")}:${n.month}-${n.day}:${year}`,
      title: `${n.country} ${n.name}: ${market.exchange} closed`,
      description: `${n.name} public holiday; the exchange confirms its closure days each year.`,
      startsAt: zonedTimeToUtc(date, 0, 0, market.tz),
      country: n.country,
      category: "Holiday",
      importance: "low",
      impact: "No trading on the holiday.",
      forecast: null,
      previous: null,
    });
  }
  for (const month of [2, 5, 8, 11]) {
    const date = lastWeekday(year, month);
    push({
      sourceKey: `rebalance:msci:${isoDate(date)}`,
      title: "MSCI Index Review Takes Effect",
      description: `MSCI's ${month % 6 === 5 ? "semi-annual" : "quarterly"} index review is implemented at the close; Gulf weights and constituents change.`,
      startsAt: zonedTimeToUtc(date, 16, 0, "America/New_York"),
      country: "Global",
      category: "Markets",
      importance: "medium",
      impact: "Passive funds trade Gulf stocks in size at the closing auction before it.",
      forecast: null,
      previous: null,
    });
  }
  for (const month of [3, 9]) {
    // The third Friday; the change is traded at the close of the Gulf session before it.
    let date: LocalDate = { year, month, day: 1 };
    while (weekday(date) !== 5) date = addDays(date, 1);
    date = addDays(date, 14);
    push({
      sourceKey: `rebalance:ftse:${isoDate(date)}`,
      title: "FTSE Russell Semi-Annual Review Takes Effect",
      description:
        "FTSE Russell's semi-annual review (Saudi Arabia, UAE, Qatar, Kuwait) is implemented after the close.",
      startsAt: zonedTimeToUtc(date, 16, 0, "Europe/London"),
      country: "Global",
      category: "Markets",
      importance: "medium",
      impact: "Index inflows or outflows concentrate in the closing auctions.",
      forecast: null,
      previous: null,
    });
  }
  for (const m of MARKETS.filter((x) => x.country === "Saudi Arabia" || x.country === "UAE")) {
    let date: LocalDate = { year, month: 3, day: 1 };
    const rest = m.country === "UAE" ? [0, 6] : [5, 6];
    while (rest.includes(weekday(date))) date = addDays(date, 1);
    push({
      sourceKey: `dividends:${m.country.toLowerCase().replace(/\s+/g, "-")}:${year}`,
      title: `${m.country} Dividend Season: AGMs and Record Dates`,
      description:
        "Annual general meetings approve final dividends from March to May; record and payment dates follow each announcement.",
      startsAt: zonedTimeToUtc(date, 10, 0, m.tz),
      country: m.country,
      category: "Earnings",
      importance: "low",
      impact: "Stocks trade ex-dividend after the record date; yield buyers arrive before it.",
      forecast: null,
      previous: null,
    });
  }
}
