/**
 * The team's finance sentiment lexicon (English and Arabic). Weights are 0.5 (mild) to 3 (strong).
 * Arabic entries are written normally and normalized at load (see normalizeArabic).
 */

// biome-ignore format: a word list reads best compact
export const EN_WORDS: Record<string, number> = {
  // positive
  rise: 1, rises: 1, rising: 1, rose: 1, risen: 1,
  gain: 1, gains: 1, gained: 1, gaining: 1,
  surge: 2, surges: 2, surged: 2, surging: 2,
  soar: 2, soars: 2, soared: 2,
  jump: 1.5, jumps: 1.5, jumped: 1.5,
  climb: 1, climbs: 1, climbed: 1,
  rally: 1.5, rallies: 1.5, rallied: 1.5,
  rebound: 1, rebounds: 1, rebounded: 1,
  recovery: 1, recovers: 1, recovered: 1,
  advance: 1, advances: 1, advanced: 1,
  boost: 1, boosts: 1, boosted: 1,
  growth: 1, grow: 1, grows: 1, growing: 1, grew: 1,
  expand: 1, expands: 1, expanded: 1, expansion: 1,
  profit: 1, profits: 1, profitable: 1, profitability: 1,
  beat: 1, beats: 1, exceed: 1, exceeds: 1, exceeded: 1,
  outperform: 1.5, outperforms: 1.5, outperformed: 1.5,
  upgrade: 1.5, upgrades: 1.5, upgraded: 1.5,
  strong: 1, stronger: 1, strength: 1, robust: 1, resilient: 1, resilience: 1,
  optimism: 1, optimistic: 1, upbeat: 1, bullish: 2, boom: 1.5,
  surplus: 1, dividend: 0.5, dividends: 0.5,
  improve: 1, improves: 1, improved: 1, improvement: 1,
  accelerate: 1, accelerates: 1, accelerated: 1,
  higher: 0.5, record: 0.5, approves: 0.5, approved: 0.5, approval: 0.5,
  wins: 0.5, won: 0.5, inflows: 1,
  // negative
  fall: -1, falls: -1, falling: -1, fell: -1,
  drop: -1, drops: -1, dropped: -1,
  decline: -1, declines: -1, declined: -1, declining: -1,
  slump: -2, slumps: -2, slumped: -2,
  plunge: -2, plunges: -2, plunged: -2,
  tumble: -1.5, tumbles: -1.5, tumbled: -1.5,
  slide: -1, slides: -1, slid: -1,
  sink: -1.5, sinks: -1.5, sank: -1.5,
  crash: -2.5, crashes: -2.5, crashed: -2.5,
  lose: -1, loses: -1, lost: -1, loss: -1.5, losses: -1.5,
  weak: -1, weaker: -1, weakness: -1, weakens: -1, weakened: -1,
  downgrade: -1.5, downgrades: -1.5, downgraded: -1.5,
  miss: -1, misses: -1, missed: -1,
  deficit: -1, shortfall: -1, slowdown: -1.5, slows: -0.5, slowed: -0.5,
  recession: -2, contraction: -1.5, downturn: -1.5, headwinds: -1,
  default: -2, defaults: -2, defaulted: -2, bankruptcy: -2.5, bankrupt: -2.5, insolvency: -2,
  fraud: -2.5, scam: -2.5, scams: -2.5, fraudulent: -2.5, unlicensed: -1.5, blacklisted: -1.5,
  warning: -1, warns: -1, warned: -1,
  bearish: -2, selloff: -2,
  lower: -0.5, concern: -1, concerns: -1, fear: -1, fears: -1, worries: -1,
  risk: -0.5, risks: -0.5, volatile: -0.5, volatility: -0.5, uncertainty: -1,
  sanction: -1, sanctions: -1, layoff: -1.5, layoffs: -1.5,
  halt: -1, halts: -1, halted: -1, suspend: -1, suspends: -1, suspended: -1, suspension: -1,
  fined: -1, penalty: -1, penalties: -1, probe: -1, investigation: -1,
  pressure: -0.5, disruption: -1, disruptions: -1, tensions: -1, conflict: -1, war: -1.5,
  outflows: -1,
};

/** Multi-word expressions, matched before single words (their words are then skipped). */
export const EN_PHRASES: Record<string, number> = {
  "record high": 2,
  "all time high": 2,
  "record low": -2,
  "profit warning": -3,
  "rate cut": 1,
  "rate cuts": 1,
  "rate hike": -1,
  "rate hikes": -1,
  "sell off": -2,
  "beat expectations": 1.5,
  "above expectations": 1.5,
  "better than expected": 1.5,
  "below expectations": -1.5,
  "missed expectations": -1.5,
  "worse than expected": -1.5,
  "higher than expected": 0.5,
  "lower than expected": -0.5,
};

// biome-ignore format: a word list reads best compact
export const EN_NEGATORS = new Set([
  "not", "no", "never", "without", "neither", "nor", "didn't", "doesn't", "don't", "isn't", "wasn't",
  "won't", "hasn't", "haven't", "fails", "failed", "unlikely",
]);

// biome-ignore format: a word list reads best compact
const AR_WORDS_RAW: Record<string, number> = {
  // positive
  ارتفاع: 1, ارتفع: 1, ارتفعت: 1, يرتفع: 1, ترتفع: 1, ارتفاعات: 1,
  صعود: 1, صعد: 1, صعدت: 1, مكاسب: 1, مكسب: 1, ربح: 1, أرباح: 1, الأرباح: 1, ربحية: 1,
  نمو: 1, ينمو: 1, تنمو: 1, زيادة: 1, قفزة: 1.5, قفز: 1.5, قفزت: 1.5,
  تحسن: 1, تحسنت: 1, إيجابي: 1, إيجابية: 1, فائض: 1, توسع: 1, انتعاش: 1.5, تعافي: 1, تعافى: 1,
  توزيعات: 0.5, تفوق: 1, قوي: 1, قوية: 1, تفاؤل: 1, متفائل: 1, قياسي: 0.5, قياسية: 0.5, مرتفع: 0.5,
  يصعد: 1, تصعد: 1, يقفز: 1.5, تقفز: 1.5, ارتفاعاً: 1, أرباحاً: 1, مكاسبها: 1, يتعافى: 1, صعوداً: 1,
  // negative
  انخفاض: -1, انخفض: -1, انخفضت: -1, ينخفض: -1, تنخفض: -1,
  تراجع: -1, تراجعت: -1, يتراجع: -1, هبوط: -1.5, هبط: -1.5, هبطت: -1.5,
  خسائر: -1.5, خسارة: -1.5, خسر: -1, خسرت: -1, عجز: -1, ركود: -2, تباطؤ: -1.5, انكماش: -1.5,
  سلبي: -1, سلبية: -1, ضعف: -1, ضعيف: -1, ضعيفة: -1, أزمة: -1.5, انهيار: -2.5,
  احتيال: -2.5, احتيالية: -2.5, تحذير: -1, تحذر: -1, مخاطر: -0.5, تقلبات: -0.5, عقوبات: -1,
  إفلاس: -2.5, مخاوف: -1, قلق: -1, غرامة: -1, تعليق: -1,
  يهبط: -1.5, تهبط: -1.5, يخسر: -1, تخسر: -1, انخفاضاً: -1, تراجعاً: -1, هبوطاً: -1.5, خسائرها: -1.5,
};

/**
 * Two-word Arabic phrases whose sense is not the sum of their words ("a fall in profits" is bad news,
 * "a fall in losses" good), written without the article: lookups strip it (see phraseKeys).
 */
// biome-ignore format: a word list reads best compact
const AR_PHRASES_RAW: Record<string, number> = {
  "تراجع أرباح": -2, "انخفاض أرباح": -2, "هبوط أرباح": -2.5,
  "ارتفاع خسائر": -2, "تراجع خسائر": 1, "انخفاض خسائر": 1,
  "مستوى قياسي": 1.5, "أعلى مستوى": 1.5, "أدنى مستوى": -1.5,
  "خفض فائدة": 1, "رفع فائدة": -1, "خفض أسعار": 0.5, "تحذير أرباح": -3,
};

const AR_NEGATORS_RAW = ["لا", "لم", "لن", "ليس", "ليست", "غير", "دون", "بدون"];

/** Arabic letters folded so spelling variants meet: hamza forms, alef maqsura, ta marbuta, diacritics. */
export function normalizeArabic(s: string): string {
  return s
    .replace(/[\u064b-\u065f\u0670\u0640]/g, "")
    .replace(/[أإآٱ]/g, "ا")
    .replace(/ى/g, "ي")
    .replace(/ة/g, "ه")
    .replace(/ؤ/g, "و")
    .replace(/ئ/g, "ي");
}

export const AR_WORDS: Record<string, number> = Object.fromEntries(
  Object.entries(AR_WORDS_RAW).map(([w, v]) => [normalizeArabic(w), v]),
);
export const AR_NEGATORS = new Set(AR_NEGATORS_RAW.map(normalizeArabic));
export const AR_PHRASES: Record<string, number> = Object.fromEntries(
  Object.entries(AR_PHRASES_RAW).map(([w, v]) => [normalizeArabic(w), v]),
);
/** The definite article with the clitics glued before it, stripped when matching phrases. */
export const AR_ARTICLES = ["وال", "بال", "فال", "كال", "لل", "ال"];
/** Clitics glued to the front of Arabic words ("and the", "with the"...), longest first. */
export const AR_PREFIXES = ["وال", "بال", "فال", "كال", "لل", "ال", "و", "ف", "ب", "ل"];

/** Sectors and the words that put a story in them (English and Arabic). */
export const SECTOR_TERMS: Record<string, RegExp> = {
  Banking:
    /\b(banks?|banking|lenders?|loans?|credit|deposits?|snb|al rajhi|emirates nbd|fab|qnb|kfh|nbk)\b|بنك|بنوك|مصرف|مصارف|قروض|ائتمان|ودائع/i,
  Energy:
    /\b(oil|crude|brent|wti|opec\+?|gas|lng|energy|aramco|adnoc|refiner(y|ies)|barrels?)\b|نفط|خام|اوبك|أوبك|غاز|طاقة|أرامكو|ارامكو/i,
  "Real Estate":
    /\b(real estate|property|properties|housing|developers?|emaar|aldar|mortgages?|rents?)\b|عقار|عقارات|عقاري|إسكان|اسكان/i,
  Telecom: /\b(telecoms?|telecommunications|stc|etisalat|e&|zain|ooredoo|5g|broadband)\b|اتصالات/i,
  Materials:
    /\b(petrochemicals?|sabic|maaden|mining|steel|cement|alumini?um|chemicals|fertili[sz]ers?|gold)\b|بتروكيماويات|سابك|معادن|تعدين|إسمنت|اسمنت|حديد|ذهب/i,
  Technology:
    /\b(tech|technology|artificial intelligence|ai|software|data cent(re|er)s?|fintech|digital)\b|تقنية|تكنولوجيا|رقمي/i,
  "Transport & Tourism":
    /\b(airlines?|aviation|tourism|tourists?|hotels?|hospitality|ports?|shipping|logistics)\b|طيران|سياحة|فنادق|موانئ|شحن/i,
  Utilities: /\b(utilit(y|ies)|electricity|water|desalination)\b|كهرباء|مياه|تحلية/i,
  Insurance: /\b(insurance|insurers?|takaful|reinsurance)\b|تأمين|تكافل/i,
  Retail: /\b(retail|retailers?|consumer|e-commerce|supermarkets?)\b|تجزئة|المستهلك/i,
};

/** Macro and policy news moves whole markets. */
export const HIGH_IMPACT =
  /\b(interest rates?|rate (decision|cut|hike)s?|central bank|federal reserve|fed|fomc|opec\+?|gdp|inflation|cpi|budget|sanctions|default|war|tariffs?|peg|sovereign)\b|سعر الفائدة|أسعار الفائدة|البنك المركزي|المصرف المركزي|أوبك|التضخم|الناتج المحلي|الميزانية/i;

/** Company housekeeping rarely moves prices. */
export const LOW_IMPACT =
  /\b(appoints?|appointed|conference|forum|awards?|memorandum|mou|sponsorship|webinar|launch(es|ed)?|opens? (a )?new (branch|office))\b|يعين|مؤتمر|منتدى|جائزة|مذكرة تفاهم|يطلق|تطلق/i;

/** Named Gulf markets and instruments a key point can mention. */
export const MARKET_TERMS: Array<[string, RegExp]> = [
  ["TASI", /\b(tasi|tadawul|saudi exchange)\b|تاسي|تداول|السوق السعودية/i],
  ["DFM", /\b(dfm|dfmgi|dubai financial market)\b|سوق دبي المالي/i],
  ["ADX", /\b(adx|fadgi|abu dhabi securities exchange)\b|سوق أبوظبي/i],
  ["Boursa Kuwait", /\bboursa kuwait\b|بورصة الكويت/i],
  ["QSE", /\b(qse|qatar stock exchange|qe index)\b|بورصة قطر/i],
  ["Bahrain Bourse", /\bbahrain bourse\b|بورصة البحرين/i],
  ["MSX", /\b(msx|muscat stock exchange)\b|بورصة مسقط/i],
  ["ASE", /\b(amman stock exchange)\b|بورصة عمان/i],
  ["Brent", /\bbrent\b|برنت/i],
  ["Gold", /\bgold\b|الذهب/i],
];
