import { AR_INSTRUMENTS } from "#server/market/arabic-names";
import type { Instrument, MarketCategory, MarketService } from "#server/market/types";
import { normalizeArabic } from "#server/news/analysis/lexicon";
import { companies } from "./companies";
import { findInstruments, type Intent } from "./intents";

/**
 * The offline assistant's Arabic: rules for the common requests written in Arabic, reading
 * instruments by their Arabic names (server/market/arabic-names.ts). Text is compared after normalizeArabic (hamza forms, alef maqsura, ta marbuta and
 * diacritics folded), so "أسعار الذهب" and "اسعار الذهب" read the same.
 */

const ARABIC_LETTER = /[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFC]/;
export const hasArabic = (text: string) => ARABIC_LETTER.test(text);

/** Arabic-Indic and Persian digits, and the Arabic decimal, thousands and percent signs, as ASCII. */
function westernDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\u066B/g, ".")
    .replace(/\u066C/g, ",")
    .replace(/\u066A/g, "%");
}

/** "The dollar" alone: the site's headline pair (the dirham is pegged to it). */
const DOLLAR_DEFAULT = "USD/AED";

const L = "[\\p{L}\\p{N}]";
/**
 * A term as a pattern: the article is optional, and a word may carry the clitics glued before it
 * ("بالذهب", "للنفط", "والدولار"). A short stem ("الين") needs its article, or "بين" (between)
 * would read as the yen.
 */
function termPattern(term: string): string {
  const words = normalizeArabic(term).split(/\s+/);
  const parts = words.map((word, i) => {
    const stem = word.startsWith("ال") ? word.slice(2) : word;
    if (i > 0) return `(?:ال)?${stem}`;
    if (stem.length < 3) return `(?:[وفبك]?ال|لل)${stem}`;
    return `(?:[وفبك]?ال|لل|[وفبكل])?${stem}`;
  });
  return `(?<!${L})${parts.join("\\s+")}(?!${L})`;
}

const TERMS = Object.entries(AR_INSTRUMENTS)
  .flatMap(([symbol, { terms }]) => terms.map((term) => ({ symbol, term: normalizeArabic(term) })))
  .sort((a, b) => b.term.length - a.term.length)
  .map(({ symbol, term }) => ({ symbol, re: new RegExp(termPattern(term), "u") }));
const DOLLAR = new RegExp(termPattern("الدولار"), "u");

/** Instruments named in Arabic (longest names first), then by symbol or English name. */
function findArabicInstruments(text: string, market?: MarketService): Instrument[] {
  if (!market) return [];
  let rest = normalizeArabic(text);
  const found: Instrument[] = [];
  const add = (i: Instrument | undefined) => {
    if (i && !found.some((f) => f.symbol === i.symbol)) found.push(i);
  };
  // A listed company named in two words or more ("أدنوك للغاز") before a curated instrument one
  // of its words names ("الغاز").
  for (const { listing, words } of companies().find(text))
    if (words > 1) add(market.findInstrument(listing.symbol));
  for (const { symbol, re } of TERMS) {
    if (!re.test(rest)) continue;
    // Blanked, so "النفط الأمريكي" (WTI) does not also count as "النفط" (Brent).
    rest = rest.replace(re, (m) => " ".repeat(m.length));
    add(market.findInstrument(symbol));
  }
  for (const i of findInstruments(text, market)) add(i);
  if (found.length === 0 && DOLLAR.test(rest)) add(market.findInstrument(DOLLAR_DEFAULT));
  return found;
}

/** Arabic rules are written against normalized text: "ة" is "ه", "أ/إ/آ" are "ا", "ى" is "ي". */
const ar = (source: string) => new RegExp(normalizeArabic(source), "u");

const CATEGORY_WORDS: Array<[MarketCategory, RegExp]> = [
  ["crypto", ar("عملات (ال)?(رقمية|مشفرة)|(ال)?كريبتو")],
  ["usIndices", ar("(ال)?(مؤشرات|أسهم|أسواق|بورصة) (ال)?(أمريكية|أميركية)|وول ستريت")],
  ["currencies", ar("(ال)?عملات|(ال)?فوركس|أسعار (ال)?صرف")],
  ["commodities", ar("(ال)?سلع|(ال)?معادن")],
  ["gulfStocks", ar("(ال)?(أسهم|أسواق|بورصات) (ال)?خليج|(ال)?بورصات|(ال)?أسهم")],
];

const ALERT = ar(
  "نبهني|ذكرني|أعلمني|أخبرني (عندما|إذا|اذا|حين)|(أنشئ|انشئ|ضع|اضبط|أضف|اضف) (لي )?تنبيه|تنبيه (عندما|عند|إذا|اذا|حين)",
);
const LIST_ALERTS = ar("تنبيهاتي|(اعرض|أظهر|قائمة) (لي )?(ال)?تنبيهات|ما (هي )?(ال)?تنبيهات");
const MOVERS = ar(
  "(ال)?أكثر (ارتفاعا|انخفاضا|تراجعا|صعودا|هبوطا|تحركا|ربحا|خسارة)|(ال)?رابحين|(ال)?خاسرين|(ال)?أسهم (ال)?متحركة|(ال)?أكبر (ال)?(رابحين|خاسرين)",
);
const NEWS = ar("أخبار|(ال)?عناوين|(ال)?مستجدات");
const CALENDAR = ar(
  "(ال)?(أجندة|مفكرة|تقويم|روزنامة) (ال)?اقتصادي|(ال)?(أحداث|بيانات) (ال)?اقتصادية|اجتماعات (ال)?بنوك (ال)?مركزية",
);
const IMPORTANT = ar("(ال)?مهمة|(ال)?رئيسية|(ال)?كبرى");
const MARKET_STATUS = ar("مفتوح|مغلق|يفتح|يغلق|تفتح|تغلق|ساعات (ال)?تداول|مواعيد (ال)?تداول");
const YEAR_RANGE = ar(
  "52 (أسبوع|اسبوع)|(ال)?نطاق (ال)?سنوي|(أعلى|أدنى) (مستوى )?(في|خلال) (ال)?(سنة|عام|52)",
);
const PEERS = ar("نظراء|منافس|(ال)?قطاع|(ال)?شركات (ال)?مشابهة");
const MARKETS = ar("(ال)?(سوق|أسواق)|نظرة عامة|ملخص");
const HELP = ar(
  "^(مرحبا|أهلا|السلام عليكم|صباح الخير|مساء الخير)|ماذا (يمكنك|تستطيع)|مساعدة|كيف (أستخدم|استخدم)",
);

const number = (s: string) => Number(s.replace(/,/g, ""));

function parseArabicAlert(text: string, instrument?: Instrument): Intent {
  const symbol = instrument?.symbol;
  const percent = text.match(/(\d+(?:\.\d+)?)\s*%/) ?? text.match(ar("بنسبة\\s+(\\d+(?:\\.\\d+)?)"));
  if (percent) {
    return symbol
      ? { kind: "createAlert", symbol, alertType: "change_percent", targetValue: number(percent[1]!) }
      : { kind: "incompleteAlert" };
  }
  // The verb, then at most four words (the instrument, "مستوى", "إلى"...), then the number.
  const target = "(?:\\s+[^\\d\\s]+){0,4}?\\s+\\$?([\\d,]+(?:\\.\\d+)?)";
  const up = text.match(ar(`(فوق|أعلى|يتجاوز|تتجاوز|تجاوز|يرتفع|ترتفع|يصعد|يصل|تصل|يبلغ|يتخطى)${target}`));
  const down = text.match(ar(`(تحت|دون|أقل|أدنى|ينخفض|تنخفض|يهبط|تهبط|ينزل|يتراجع)${target}`));
  const match = up ?? down;
  if (!symbol || !match) return { kind: "incompleteAlert", symbol };
  return { kind: "createAlert", symbol, alertType: up ? "above" : "below", targetValue: number(match[2]!) };
}

/** Words of a news request that are not the request itself ("أخبار", "آخر", "عن"...). */
const NEWS_FILLER = new Set(
  [
    "أخبار",
    "الأخبار",
    "آخر",
    "اخر",
    "عن",
    "حول",
    "بشأن",
    "بخصوص",
    "ما",
    "هي",
    "هل",
    "من",
    "في",
    "على",
    "اليوم",
    "لي",
    "أعطني",
    "اعرض",
    "أظهر",
    "العناوين",
    "عناوين",
    "مستجدات",
    "المستجدات",
    "أحدث",
    "جديد",
  ].map(normalizeArabic),
);

/**
 * A news request's topic: its remaining Arabic words without the article (Arabic items match
 * them anywhere, whatever prefix they carry), plus the English name of an instrument it names so
 * the English wire stories about it are found too. The label is the Arabic words as written.
 */
function newsTopic(message: string, instrument?: Instrument): { topic?: string; label?: string } {
  const words = message
    .replace(/[؟?!.,،]/g, " ")
    .split(/\s+/)
    .filter((w) => w && !NEWS_FILLER.has(normalizeArabic(w)));
  // As written (stored items keep their spelling); only the article goes.
  const stems = words
    .map((w) => (w.startsWith("ال") && w.length > 4 ? w.slice(2) : w))
    .filter((w) => w.length >= 2);
  const topic = [instrument?.name, ...stems].filter(Boolean).join(" ").slice(0, 80).trim();
  return topic ? { topic, label: words.join(" ") || instrument?.name } : {};
}

/** Rules for the common requests in Arabic (the same intents as the English rules). */
export function detectArabicIntent(message: string, market?: MarketService): Intent {
  const text = normalizeArabic(westernDigits(message)).replace(/\s+/g, " ").trim();
  const instruments = findArabicInstruments(message, market);

  if (ALERT.test(text)) return parseArabicAlert(text, instruments[0]);
  if (LIST_ALERTS.test(text)) return { kind: "listAlerts" };
  const category = CATEGORY_WORDS.find(([, re]) => re.test(text))?.[0];
  if (MOVERS.test(text)) return { kind: "movers", category };
  if (NEWS.test(text)) return { kind: "news", ...newsTopic(westernDigits(message), instruments[0]) };
  if (CALENDAR.test(text)) return { kind: "calendar", importance: IMPORTANT.test(text) ? "high" : undefined };
  if (MARKET_STATUS.test(text)) return { kind: "marketStatus", symbol: instruments[0]?.symbol ?? "TASI" };
  if (instruments[0] && YEAR_RANGE.test(text)) return { kind: "yearRange", symbol: instruments[0].symbol };
  if (instruments[0]?.category === "gulfStocks" && PEERS.test(text)) {
    return { kind: "peers", symbol: instruments[0].symbol };
  }
  if (instruments.length > 0) return { kind: "quote", symbols: instruments.slice(0, 4).map((i) => i.symbol) };
  if (category) return { kind: "overview", category };
  if (MARKETS.test(text)) return { kind: "overview", category: "gulfStocks" };
  if (HELP.test(text)) return { kind: "help" };
  return { kind: "unknown" };
}
