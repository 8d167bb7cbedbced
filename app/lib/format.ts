/**
 * Numbers, prices, amounts, dates and times for a language and a digits setting (decision 017).
 *
 * English output is exactly what the site showed before Arabic existed (unit and e2e tests, and
 * the product texts, depend on it), so the English branches keep their original formats. Arabic
 * goes through `Intl` with the `ar` locale and an explicit numbering system: Western digits
 * (`latn`, the default in both languages) or Arabic-Indic (`arab`). `Intl` also puts the bidi
 * marks (LRM/ALM) that keep a sign, a percent sign or a currency code on the right side of the
 * digits inside right-to-left text, which hand-built strings would get reversed.
 *
 * Every time shown as GMT is formatted in UTC and labelled "GMT", in both languages.
 */
import type { Digits } from "#common/display-preferences";

export {
  DIGITS,
  DIGITS_COOKIE,
  type Digits,
  digitsFromCookie,
  isDigits,
} from "#common/display-preferences";

export interface Format {
  readonly lang: "en" | "ar";
  readonly digits: Digits;
  /** Grouped, with exactly `decimals` fraction digits: "1,234.50". */
  fixed(value: number, decimals: number): string;
  /** An instrument price with the instrument's decimals (currency pairs carry 4). */
  price(value: number, decimals: number): string;
  /** Up to six fraction digits, as typed (an alert's target). */
  target(value: number): string;
  /** A whole number, grouped: "2,000". */
  integer(value: number): string;
  /** A signed change: "+1.25", "-0.0040", "0.00". */
  change(value: number, decimals: number): string;
  /** A signed change in percent, two decimals: "+1.23%". */
  changePercent(value: number): string;
  /** A whole percentage (0–100): "85%". */
  percent(value: number): string;
  /** Short form of a large count: "50K" / "50 ألف". */
  compact(value: number): string;
  /** An amount in a currency (ISO 4217 code), placed as the locale places it. */
  currency(amount: number, code: string, fractionDigits?: number): string;
  /** An amount typed as text ("$1,000"): localized when it parses, else unchanged. */
  amountText(text: string): string;
  /** Western digits in a ready-made text ("10:00", "2024-09-05") in the digits setting. */
  digitsIn(text: string): string;
  /** "5 Mar 2024" (news, articles, search). */
  date(value: Date | string | number): string;
  /** "5 Mar 2024, 14:03" (GMT clock, unlabelled as before). */
  dateTime(value: Date | string | number): string;
  /** "Mar 5, 2024" (alerts). */
  mediumDate(value: Date | string | number): string;
  /** "Mar 5, 2024, 2:03 PM GMT" (alerts and notifications). */
  mediumDateTime(value: Date | string | number): string;
  /** "Tue, 5 Mar 2024" (analytics, calendar). */
  weekdayDate(value: Date | string | number): string;
  /** "Tue" (the instrument page's trading days). */
  weekday(value: Date | string | number): string;
  /** "14:03 GMT". */
  gmtTime(value: Date | string | number): string;
  /** "14:03:05" (the market clock; its "GMT" label is separate). */
  gmtClock(value: Date | string | number): string;
  /** "5 Mar, 14:03 GMT" (a quote's last update). */
  gmtDayTime(value: Date | string | number): string;
  /** "Tue, 5 Mar 2024, 14:03:05 GMT" (when the sentiment was analysed). */
  gmtStamp(value: Date | string | number): string;
  /** A chart axis label in GMT: the year, the month, the day of the month, or the time. */
  axis(value: Date | string | number, unit: "year" | "month" | "day" | "time"): string;
  /** "2 hours ago" against `now` (from the loader, so server and browser agree); older: date. */
  relative(value: Date | string | number, now: number): string;
}

const toDate = (v: Date | string | number) => (v instanceof Date ? v : new Date(v));
const pad = (n: number) => String(n).padStart(2, "0");
const signOf = (v: number) => (v > 0 ? "+" : v < 0 ? "-" : "");

/** Intl objects are costly to build: one per option set, per locale and digits. */
function memo<A extends unknown[], T>(make: (...args: A) => T): (...args: A) => T {
  const cache = new Map<string, T>();
  return (...args) => {
    const key = JSON.stringify(args);
    let hit = cache.get(key);
    if (hit === undefined) {
      hit = make(...args);
      cache.set(key, hit);
    }
    return hit;
  };
}

/**
 * The formats a page calls hundreds of times (prices, changes, counts), kept by their one varying
 * part: building memo's JSON key for each call cost more than the formatting (the largest single
 * function in a browser profile of the home page's hydration).
 */
function perKey<K, T>(make: (key: K) => T): (key: K) => T {
  const cache = new Map<K, T>();
  return (key) => {
    let hit = cache.get(key);
    if (hit === undefined) {
      hit = make(key);
      cache.set(key, hit);
    }
    return hit;
  };
}
const once = <T>(make: () => T) => perKey<0, T>(make).bind(null, 0);

const numberFormat = memo(
  (locale: string, digits: Digits, options: Intl.NumberFormatOptions) =>
    new Intl.NumberFormat(locale, { ...options, numberingSystem: digits }),
);
const dateFormat = memo(
  (locale: string, digits: Digits, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { timeZone: "UTC", ...options, numberingSystem: digits }),
);
const relativeFormat = memo(
  (locale: string, digits: Digits) =>
    // The numbering system as a locale extension: TypeScript's lib lacks the option here.
    new Intl.RelativeTimeFormat(`${locale}-u-nu-${digits}`, { numeric: "always" }),
);

/** Whole relative units, or null when the moment is a month or more away (shown as a date). */
function relativeParts(
  value: Date | string | number,
  now: number,
): [number, Intl.RelativeTimeFormatUnit] | null {
  const seconds = Math.round((toDate(value).getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return [-1, "minute"];
  if (abs < 3600) return [Math.trunc(seconds / 60), "minute"];
  if (abs < 86_400) return [Math.trunc(seconds / 3600), "hour"];
  if (abs < 30 * 86_400) return [Math.trunc(seconds / 86_400), "day"];
  return null;
}

// Month names by hand in English: the server's and the browser's ICU data disagree on details
// such as "Sep"/"Sept", which would break hydration.
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** An amount typed by an editor: "$1,000", "€50", "100 USD", "AED 250". */
const SYMBOLS: Record<string, string> = { $: "USD", "€": "EUR", "£": "GBP" };
function parseAmount(text: string): { amount: number; code: string } | null {
  const m =
    text.trim().match(/^([$€£]|[A-Z]{3})\s?(\d{1,3}(?:,\d{3})*(?:\.\d+)?|\d+(?:\.\d+)?)$/) ??
    text.trim().match(/^()(\d{1,3}(?:,\d{3})*(?:\.\d+)?|\d+(?:\.\d+)?)\s?([A-Z]{3})$/);
  if (!m) return null;
  const code = SYMBOLS[m[1]!] ?? (m[1] || m[3]);
  if (!code) return null;
  return { amount: Number(m[2]!.replace(/,/g, "")), code };
}

/** Replaces each Western digit with the same digit in `digits` (a no-op for Western). */
function digitSwap(digits: Digits): (text: string) => string {
  if (digits === "latn") return (text) => text;
  const zero = numberFormat("en-US", digits, {}).format(0).codePointAt(0)!;
  return (text) => text.replace(/[0-9]/g, (d) => String.fromCodePoint(zero + Number(d)));
}

function english(digits: Digits): Format {
  const en = (options: Intl.NumberFormatOptions) => numberFormat("en-US", digits, options);
  const gb = (options: Intl.DateTimeFormatOptions) => dateFormat("en-GB", digits, options);
  const us = (options: Intl.DateTimeFormatOptions) => dateFormat("en-US", digits, options);
  const fixedFormat = perKey((decimals: number) =>
    en({ minimumFractionDigits: decimals, maximumFractionDigits: decimals }),
  );
  const fixed = (v: number, decimals: number) => fixedFormat(decimals).format(v);
  const whole = once(() => en({ maximumFractionDigits: 0 }));
  const compact = once(() => en({ notation: "compact", maximumFractionDigits: 1 }));
  const localDigits = digitSwap(digits);
  const date = (v: Date | string | number) => {
    const d = toDate(v);
    return localDigits(`${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`);
  };
  const hm = gb({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const hms = gb({ hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });
  const weekdayDate = gb({ weekday: "short", day: "numeric", month: "short", year: "numeric" });
  return {
    lang: "en",
    digits,
    fixed,
    price: fixed,
    target: (v) => en({ maximumFractionDigits: 6 }).format(v),
    integer: (v) => whole().format(v),
    change: (v, decimals) => `${signOf(v)}${fixed(Math.abs(v), decimals)}`,
    changePercent: (v) => `${signOf(v)}${fixed(Math.abs(v), 2)}%`,
    percent: (v) => `${whole().format(v)}%`,
    compact: (v) => compact().format(v),
    currency: (amount, code, fractionDigits) =>
      en({
        style: "currency",
        currency: code,
        minimumFractionDigits: fractionDigits,
        maximumFractionDigits: fractionDigits,
      }).format(amount),
    amountText: (text) => localDigits(text),
    digitsIn: localDigits,
    date,
    dateTime: (v) => {
      const d = toDate(v);
      return `${date(d)}, ${localDigits(`${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`)}`;
    },
    mediumDate: (v) => us({ dateStyle: "medium" }).format(toDate(v)),
    mediumDateTime: (v) => `${us({ dateStyle: "medium", timeStyle: "short" }).format(toDate(v))} GMT`,
    weekdayDate: (v) => weekdayDate.format(toDate(v)),
    weekday: (v) => gb({ weekday: "short" }).format(toDate(v)),
    gmtTime: (v) => `${hm.format(toDate(v))} GMT`,
    gmtClock: (v) => hms.format(toDate(v)),
    gmtDayTime: (v) =>
      `${gb({ day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(toDate(v))} GMT`,
    gmtStamp: (v) => `${weekdayDate.format(toDate(v))}, ${hms.format(toDate(v))} GMT`,
    axis: (v, unit) => gb(AXIS[unit]).format(toDate(v)),
    relative: (v, now) => {
      const parts = relativeParts(v, now);
      return parts ? relativeFormat("en", digits).format(...parts) : date(v);
    },
  };
}

function arabic(digits: Digits): Format {
  const ar = (options: Intl.NumberFormatOptions) => numberFormat("ar", digits, options);
  const dt = (options: Intl.DateTimeFormatOptions) => dateFormat("ar", digits, options);
  const fixedFormat = perKey((decimals: number) =>
    ar({ minimumFractionDigits: decimals, maximumFractionDigits: decimals }),
  );
  const fixed = (v: number, decimals: number) => fixedFormat(decimals).format(v);
  const changeFormat = perKey((decimals: number) =>
    ar({ minimumFractionDigits: decimals, maximumFractionDigits: decimals, signDisplay: "exceptZero" }),
  );
  const changePercent = once(() =>
    ar({ style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: "exceptZero" }),
  );
  const whole = once(() => ar({ maximumFractionDigits: 0 }));
  const compact = once(() => ar({ notation: "compact", maximumFractionDigits: 1 }));
  const currency = (amount: number, code: string, fractionDigits?: number) =>
    ar({
      style: "currency",
      currency: code,
      // The ISO code reads unambiguously next to Arabic text ("1,234.50 AED"); symbols such as
      // "US$" or "د.إ." are less familiar in financial listings.
      currencyDisplay: "code",
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    }).format(amount);
  const digitsIn = digitSwap(digits);
  const day = { day: "numeric", month: "long", year: "numeric" } as const;
  const time = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } as const;
  const dayFormat = once(() => dt(day));
  const date = (v: Date | string | number) => dayFormat().format(toDate(v));
  const weekdayDate = (v: Date | string | number) => dt({ weekday: "long", ...day }).format(toDate(v));
  const clock = (v: Date | string | number) => dt({ ...time, second: "2-digit" }).format(toDate(v));
  return {
    lang: "ar",
    digits,
    fixed,
    price: fixed,
    target: (v) => ar({ maximumFractionDigits: 6 }).format(v),
    integer: (v) => whole().format(v),
    change: (v, decimals) => changeFormat(decimals).format(v),
    changePercent: (v) => changePercent().format(v / 100),
    percent: (v) => ar({ style: "percent", maximumFractionDigits: 0 }).format(v / 100),
    compact: (v) => compact().format(v),
    currency,
    amountText: (text) => {
      const parsed = parseAmount(text);
      if (!parsed) return digitsIn(text);
      const decimals = Number.isInteger(parsed.amount) ? 0 : undefined;
      return currency(parsed.amount, parsed.code, decimals);
    },
    digitsIn,
    date,
    dateTime: (v) => dt({ ...day, ...time }).format(toDate(v)),
    mediumDate: date,
    mediumDateTime: (v) => `${dt({ ...day, ...time }).format(toDate(v))} GMT`,
    weekdayDate,
    weekday: (v) => dt({ weekday: "long" }).format(toDate(v)),
    gmtTime: (v) => `${dt(time).format(toDate(v))} GMT`,
    gmtClock: clock,
    gmtDayTime: (v) => `${dt({ day: "numeric", month: "long", ...time }).format(toDate(v))} GMT`,
    gmtStamp: (v) => `${weekdayDate(v)}، ${clock(v)} GMT`,
    axis: (v, unit) => dt(AXIS[unit]).format(toDate(v)),
    relative: (v, now) => {
      const parts = relativeParts(v, now);
      return parts ? relativeFormat("ar", digits).format(...parts) : date(v);
    },
  };
}

const AXIS: Record<"year" | "month" | "day" | "time", Intl.DateTimeFormatOptions> = {
  year: { year: "numeric" },
  month: { month: "short" },
  day: { day: "numeric" },
  time: { hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
};

const formats = new Map<string, Format>();

/** The formatter for a language ("ar", anything else is English) and a digits setting. */
export function getFormat(lang: string, digits: Digits = "latn"): Format {
  const key = `${lang === "ar" ? "ar" : "en"}-${digits}`;
  let f = formats.get(key);
  if (!f) {
    f = lang === "ar" ? arabic(digits) : english(digits);
    formats.set(key, f);
  }
  return f;
}
