import type { AlertType } from "#server/alerts/types";
import { AR_INSTRUMENTS } from "#server/market/arabic-names";
import type { MarketCategory } from "#server/market/types";
import { SIGN_IN_FOR_ALERTS } from "../tools/list-alerts";
import { companies } from "./companies";

export type ReplyLang = "en" | "ar";

/** What the offline assistant says, per language (the English texts are the original ones). */
export interface Copy {
  risk: string;
  help: string;
  categories: Record<MarketCategory, string>;
  alertWords: Record<AlertType, string>;
  /** An instrument's name for the reader (the Arabic name where there is one). */
  name(symbol: string, englishName: string): string;
  quote(o: {
    symbol: string;
    name: string;
    price: string;
    currency?: string;
    direction: "up" | "down" | "unchanged";
    move: string;
    low: string;
    high: string;
    open: boolean;
    time: string;
  }): string;
  /** How current a quoted price is, as a sentence (every price the assistant gives says it). */
  freshness(o: { freshness: string; delayMinutes?: number; source: string }): string;
  marketStatus(o: { symbol: string; name: string; open: boolean; time: string }): string;
  /** A closed market: when its last session closed and when the next opens (reader's time, zone named). */
  closedSession(lastClose: string, nextOpen: string | null): string;
  /** Other companies of the sector (the sector as the listing names it). */
  peers(sector: string, lines: string): string;
  /** The 52-week range and where the price stands in it (0% at the low, 100% at the high). */
  yearRange(o: { low: string; high: string; position: string; simulated: boolean }): string;
  yearRangeNone: string;
  /** "GMT" for a time given in GMT. */
  gmt: string;
  overview(category: string, lines: string): string;
  movers(scope: string | null, gainers: string, losers: string): string;
  none: string;
  newsNone(topic?: string): string;
  news(topic: string | undefined, lines: string): string;
  calendarNone: string;
  calendar(lines: string): string;
  event(o: { title: string; country: string; importance: string; when: string; figures: string[] }): string;
  forecast(v: string): string;
  previous(v: string): string;
  alertsNone: string;
  alerts(lines: string): string;
  /** An alert's status from the listAlerts tool (active, triggered, paused, expired, error). */
  status(status: string): string;
  alertCreated(symbol: string, type: AlertType, target: string): string;
  incompleteAlert: string;
  unknown(help: string): string;
  unavailable: string;
  /** A tool's refusal (signed out, a validation message), in the reply's language. */
  failure(error: string | undefined): string;
}

const EN_UNAVAILABLE = "That information is not available right now.";

const en: Copy = {
  risk: "_Trading involves risk. This is market information, not financial advice._",
  help: [
    "I'm GulfPulse's **offline assistant**: a small rule-based helper, not an AI language model. " +
      "I answer from live site data. Try:",
    "",
    "- **A price**: *What is TASI at?*, *USD/AED*, *price of Brent*",
    "- **A market overview**: *Gulf stocks*, *currencies*, *crypto*, *commodities*, *US indices*",
    "- **Top movers**: *top movers today*, *biggest losers in crypto*",
    "- **News**: *news about oil*, *latest headlines*",
    "- **The economic calendar**: *economic calendar this week*",
    "- **Price alerts** (signed in): *alert me when TASI goes above 11500*, *my alerts*",
  ].join("\n"),
  categories: {
    gulfStocks: "Gulf stocks",
    currencies: "Major currencies",
    crypto: "Cryptocurrencies",
    commodities: "Commodities",
    usIndices: "US indices",
  },
  alertWords: {
    above: "goes above",
    below: "goes below",
    change_percent: "changes by",
    crossing_up: "crosses above",
    crossing_down: "crosses below",
    move_window: "moves within its window by",
  },
  name: (_symbol, englishName) => englishName,
  quote: (q) =>
    `**${q.symbol}** (${q.name}) is at **${q.price}**${q.currency ? ` ${q.currency}` : ""}, ` +
    `${q.direction}${q.move ? ` ${q.move}` : ""} today. Day range ${q.low} – ${q.high}; ` +
    `the market is ${q.open ? "open" : "closed"}. Last update ${q.time}.`,
  marketStatus: (q) =>
    `**${q.symbol}** (${q.name}): the market is **${q.open ? "open" : "closed"}** right now. Last update ${q.time}.`,
  freshness: (f) =>
    f.freshness === "live"
      ? `Live price (${f.source}).`
      : f.freshness === "delayed"
        ? `Price delayed ${f.delayMinutes ?? 0} min (${f.source}).`
        : f.freshness === "eod"
          ? `End-of-day price (${f.source}).`
          : f.freshness === "stale"
            ? `Stale price: the source's last trade is older than the last session (${f.source}).`
            : f.freshness === "peg"
              ? "The official peg to the US dollar."
              : "Simulated price from the built-in simulator, not a market quote.",
  closedSession: (last, next) =>
    ` The market is closed now: its last session closed ${last}${next ? `, and it opens again ${next}` : ""}.`,
  gmt: "GMT",
  yearRange: (r) =>
    `52-week range ${r.low} – ${r.high}; the price stands at ${r.position} of it (0% at the low, 100% at the high).` +
    (r.simulated ? " Computed from simulated prices, not market data." : ""),
  yearRangeNone: "No 52-week range is published for it yet.",
  peers: (sector, lines) => `**Peers in ${sector}** on the same exchange:\n${lines}`,
  overview: (category, lines) => `**${category}** right now:\n\n${lines}`,
  movers: (scope, gainers, losers) =>
    `**Top movers today${scope ? ` in ${scope.toLowerCase()}` : ""}**\n\nGainers:\n${gainers}\n\nLosers:\n${losers}`,
  none: "- none",
  newsNone: (topic) => `I found no recent news${topic ? ` about ${topic}` : ""}.`,
  news: (topic, lines) => `**Latest news${topic ? ` about ${topic}` : ""}**\n\n${lines}`,
  calendarNone: "No economic events are scheduled for the next 7 days.",
  calendar: (lines) => `**Economic calendar, next 7 days**\n\n${lines}`,
  event: (e) =>
    `- **${e.title}** (${e.country}, ${e.importance}) — ${e.when}${e.figures.length ? `; ${e.figures.join(", ")}` : ""}`,
  forecast: (v) => `forecast ${v}`,
  previous: (v) => `previous ${v}`,
  alertsNone: "You have no price alerts yet.",
  alerts: (lines) => `**Your price alerts**\n\n${lines}`,
  status: (status) => status,
  alertCreated: (symbol, type, target) =>
    `Done: I'll notify you when **${symbol}** ${en.alertWords[type]} **${target}**. You can manage it on the [Price Alerts](/price-alerts) page.`,
  incompleteAlert:
    "To set an alert, name the instrument, a direction and a target, for example " +
    "*alert me when TASI goes above 11500* or *alert me when BTC changes by 5%*.",
  unknown: (help) => `I didn't catch that. ${help}`,
  unavailable: EN_UNAVAILABLE,
  failure: (error) => error ?? EN_UNAVAILABLE,
};

const AR_UNAVAILABLE = "هذه المعلومات غير متاحة حالياً.";
const IMPORTANCE_AR: Record<string, string> = {
  high: "أهمية عالية",
  medium: "أهمية متوسطة",
  low: "أهمية منخفضة",
};

const ar: Copy = {
  risk: "_ينطوي التداول على مخاطر. هذه معلومات عن السوق وليست نصيحة مالية._",
  help: [
    "أنا **المساعد غير المتصل** في GulfPulse: أداة بسيطة تعمل بالقواعد، ولست نموذجاً لغوياً للذكاء الاصطناعي. " +
      "أجيب من بيانات الموقع المباشرة. جرّب:",
    "",
    "- **سعر**: *كم سعر تاسي؟*، *الدولار مقابل الدرهم*، *سعر برنت*",
    "- **نظرة على السوق**: *الأسهم الخليجية*، *العملات*، *العملات الرقمية*، *السلع*، *المؤشرات الأمريكية*",
    "- **الأكثر تحركاً**: *الأكثر ارتفاعاً اليوم*، *الخاسرين في العملات الرقمية*",
    "- **الأخبار**: *أخبار النفط*، *آخر الأخبار*",
    "- **الأجندة الاقتصادية**: *الأجندة الاقتصادية هذا الأسبوع*",
    "- **السوق مفتوحة أم مغلقة**: *هل السوق السعودية مفتوحة؟*",
    "- **تنبيهات الأسعار** (بعد تسجيل الدخول): *نبهني عندما يتجاوز تاسي 11500*، *تنبيهاتي*",
  ].join("\n"),
  categories: {
    gulfStocks: "الأسهم الخليجية",
    currencies: "العملات الرئيسية",
    crypto: "العملات الرقمية",
    commodities: "السلع",
    usIndices: "المؤشرات الأمريكية",
  },
  alertWords: {
    above: "فوق",
    below: "دون",
    change_percent: "تغير بنسبة",
    crossing_up: "يخترق صعودًا",
    crossing_down: "يخترق هبوطًا",
    move_window: "يتحرك خلال فترته بنسبة",
  },
  // A listed company by its Arabic name from the universe, when a source gave one.
  name: (symbol, englishName) => {
    const listing = companies().get(symbol);
    const listed = listing && !listing.nameArMissing ? listing.nameAr : undefined;
    return AR_INSTRUMENTS[symbol]?.name ?? listed ?? englishName;
  },
  quote: (q) => {
    const direction = { up: "مرتفعاً", down: "منخفضاً", unchanged: "دون تغيير" }[q.direction];
    return (
      `**${q.symbol}** (${q.name}) عند **${q.price}**${q.currency ? ` ${q.currency}` : ""}، ` +
      `${direction}${q.move ? ` ${q.move}` : ""} اليوم. نطاق اليوم ${q.low} – ${q.high}؛ ` +
      `السوق ${q.open ? "مفتوحة" : "مغلقة"}. آخر تحديث ${q.time}.`
    );
  },
  marketStatus: (q) =>
    `**${q.symbol}** (${q.name}): السوق **${q.open ? "مفتوحة" : "مغلقة"}** الآن. آخر تحديث ${q.time}.`,
  freshness: (f) =>
    f.freshness === "live"
      ? `سعر مباشر (${f.source}).`
      : f.freshness === "delayed"
        ? `سعر متأخر ${f.delayMinutes ?? 0} دقيقة (${f.source}).`
        : f.freshness === "eod"
          ? `سعر نهاية اليوم (${f.source}).`
          : f.freshness === "stale"
            ? `سعر قديم: آخر تداول لدى المصدر أقدم من آخر جلسة (${f.source}).`
            : f.freshness === "peg"
              ? "سعر الربط الرسمي بالدولار الأمريكي."
              : "سعر محاكى من المحاكي المدمج، وليس سعر سوق.",
  closedSession: (last, next) =>
    ` السوق مغلقة الآن: أُغلقت آخر جلسة ${last}${next ? `، وتفتح مجدداً ${next}` : ""}.`,
  gmt: "بتوقيت غرينتش",
  yearRange: (r) =>
    `نطاق 52 أسبوعاً ${r.low} – ${r.high}؛ يقع السعر عند ${r.position} منه (0% عند الأدنى و100% عند الأعلى).` +
    (r.simulated ? " محسوب من أسعار محاكاة، وليس من بيانات السوق." : ""),
  yearRangeNone: "لا يتوفر نطاق 52 أسبوعاً لهذه الأداة بعد.",
  // The sector keeps the listing's English name: the universe has no Arabic sector names yet.
  peers: (sector, lines) => `**شركات القطاع نفسه** (${sector}) في السوق نفسها:\n${lines}`,
  overview: (category, lines) => `**${category}** الآن:\n\n${lines}`,
  movers: (scope, gainers, losers) =>
    `**الأكثر تحركاً اليوم${scope ? ` في ${scope}` : ""}**\n\nالأكثر ارتفاعاً:\n${gainers}\n\nالأكثر انخفاضاً:\n${losers}`,
  none: "- لا يوجد",
  newsNone: (topic) => `لم أجد أخباراً حديثة${topic ? ` عن ${topic}` : ""}.`,
  news: (topic, lines) => `**آخر الأخبار${topic ? ` عن ${topic}` : ""}**\n\n${lines}`,
  calendarNone: "لا توجد أحداث اقتصادية مقررة خلال الأيام السبعة المقبلة.",
  calendar: (lines) => `**الأجندة الاقتصادية للأيام السبعة المقبلة**\n\n${lines}`,
  event: (e) =>
    `- **${e.title}** (${e.country}، ${IMPORTANCE_AR[e.importance] ?? e.importance}) — ${e.when}${e.figures.length ? `؛ ${e.figures.join("، ")}` : ""}`,
  forecast: (v) => `التوقعات ${v}`,
  previous: (v) => `السابق ${v}`,
  alertsNone: "ليست لديك تنبيهات أسعار بعد.",
  alerts: (lines) => `**تنبيهات الأسعار الخاصة بك**\n\n${lines}`,
  status: (status) =>
    ({ active: "نشط", triggered: "تحقق", paused: "متوقف مؤقتًا", expired: "منتهي", error: "خطأ" })[status] ??
    status,
  alertCreated: (symbol, type, target) => {
    const when = {
      above: `عندما يتجاوز **${symbol}** مستوى **${target}**`,
      below: `عندما ينخفض **${symbol}** دون **${target}**`,
      change_percent: `عندما يتغير **${symbol}** بنسبة **${target}**`,
      crossing_up: `عندما يخترق **${symbol}** صعودًا مستوى **${target}**`,
      crossing_down: `عندما يخترق **${symbol}** هبوطًا مستوى **${target}**`,
      move_window: `عندما يتحرك **${symbol}** بنسبة **${target}** خلال فترته`,
    }[type];
    return `تم: سأنبهك ${when}. يمكنك إدارة التنبيه من صفحة [تنبيهات الأسعار](/ar/price-alerts).`;
  },
  incompleteAlert:
    "لإنشاء تنبيه، اذكر الأداة والاتجاه والمستوى المستهدف، مثل " +
    "*نبهني عندما يتجاوز تاسي 11500* أو *نبهني عندما يتغير بيتكوين بنسبة 5%*.",
  unknown: (help) => `لم أفهم طلبك. ${help}`,
  unavailable: AR_UNAVAILABLE,
  failure: (error) => {
    if (!error || error === EN_UNAVAILABLE || error.endsWith("is not available right now."))
      return AR_UNAVAILABLE;
    if (error === SIGN_IN_FOR_ALERTS) return "يرجى تسجيل الدخول لإنشاء تنبيهات الأسعار.";
    // A validation message from the alerts service (English): shown as it is, after an Arabic lead.
    return `تعذّر ذلك: ${error}`;
  },
};

export const COPY: Record<ReplyLang, Copy> = { en, ar };
