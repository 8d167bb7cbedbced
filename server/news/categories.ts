/**
 * Our categories. The news pages show economic, breaking and central-bank; the rest group the
 * dashboard's feed. A feed row has a default category; an item's own <category> tags and its
 * headline can move it to a more specific one.
 */
const NEWS_CATEGORIES = [
  "breaking",
  "central-bank",
  "economic",
  "markets",
  "energy",
  "companies",
  "real-estate",
  "crypto",
] as const;
export type NewsCategory = (typeof NEWS_CATEGORIES)[number];

// Order matters: the first rule that matches wins, most specific first.
const RULES: Array<[NewsCategory, RegExp]> = [
  ["breaking", /\b(breaking|urgent|just in)\b|عاجل/i],
  [
    "central-bank",
    /\b(central bank|monetary policy|interest rates?|repo rate|base rate|discount rate|rate (cut|hike|decision)|fed(eral reserve)?|fomc|sama|cbuae|cbk|qcb|cbb|cbo|cbj)\b|البنك المركزي|المصرف المركزي|سعر الفائدة|أسعار الفائدة|ساما/i,
  ],
  [
    "economic",
    /\b(econom(y|ic|ics)|gdp|inflation|cpi|pmi|budget|fiscal|deficit|surplus|unemployment|trade balance|non-oil growth)\b|اقتصاد|الناتج المحلي|التضخم|الميزانية/i,
  ],
  [
    "energy",
    /\b(oil|crude|brent|wti|opec\+?|gas|lng|energy|aramco|adnoc|refiner(y|ies))\b|النفط|أوبك|الطاقة|أرامكو/i,
  ],
  [
    "crypto",
    /\b(crypto(currency|currencies)?|bitcoin|ethereum|stablecoin|blockchain)\b|العملات المشفرة|بيتكوين/i,
  ],
  ["real-estate", /\b(real estate|property|properties|housing|mortgage|developer|emaar|aldar)\b|العقار/i],
  [
    "companies",
    /\b(earnings|profit|results|ipo|listing|dividend|merger|acquisition|quarterly)\b|أرباح|طرح عام|اكتتاب|توزيعات/i,
  ],
  [
    "markets",
    /\b(markets?|stocks?|shares?|index|indices|tasi|tadawul|dfm|adx|bourse|exchange|trading|forex|currency)\b|السوق|الأسهم|مؤشر|تداول|البورصة/i,
  ],
];

function isNewsCategory(v: string): v is NewsCategory {
  return (NEWS_CATEGORIES as readonly string[]).includes(v);
}

/**
 * The item's own category tags are read first (publishers label things precisely), then its title,
 * then the feed's default. A "breaking" feed keeps everything breaking.
 */
export function mapCategory(input: { tags: string[]; title: string; feedCategory: string }): NewsCategory {
  const feedCategory = isNewsCategory(input.feedCategory) ? input.feedCategory : "markets";
  if (feedCategory === "breaking") return "breaking";
  for (const tag of input.tags) {
    const normalized = tag.trim().toLowerCase().replace(/\s+/g, "-");
    if (isNewsCategory(normalized)) return normalized;
    for (const [category, re] of RULES) if (re.test(tag)) return category;
  }
  for (const [category, re] of RULES) {
    // "markets" is too broad to override a feed's own, more specific default from a headline.
    if (category === "markets") break;
    if (re.test(input.title)) return category;
  }
  return feedCategory;
}
