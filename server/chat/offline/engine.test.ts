import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "#server/db/schema";
import type { Instrument, MarketService, Quote } from "#server/market/types";
import type { Services } from "#server/services";
import { createTestServices } from "#server/testing/test-services";
import { primeServices } from "../testing/services";
import type { ToolContext } from "../tools/types";
import { COPY } from "./copy";
import { formatNumber, HELP_TEXT, offlineReply, type ReplyLang, RISK_REMINDER, type RunTool } from "./engine";
import { detectIntent } from "./intents";

// The offline assistant on the real feature services (market simulator, news from the bundled
// sample feeds, the economic calendar, price alerts) of a fresh database.
let s: Services;
let userId: string;

beforeAll(async () => {
  s = await createTestServices();
  await primeServices(s, { seeds: true });
  userId = "offline-user";
  await s.db
    .insert(user)
    .values({ id: userId, name: "O", email: "offline@example.com", emailVerified: true });
});
afterAll(() => s?.close());

const ctx = (over: Partial<ToolContext> = {}): ToolContext => ({
  market: s.market,
  news: s.news,
  calendar: s.calendar,
  alerts: s.alerts,
  userId: null,
  ...over,
});

/** Asks the assistant (on a page in `lang`); returns its answer and the tools it ran, with their input. */
async function ask(message: string, c: ToolContext = ctx(), lang?: ReplyLang) {
  const tools: string[] = [];
  const inputs: unknown[] = [];
  const run: RunTool = async (tool, input) => {
    tools.push(tool.name);
    inputs.push(input);
    return tool.execute(tool.inputSchema.parse(input), c) as any;
  };
  const answer = await offlineReply(message, c, run, lang);
  return { answer, tools, inputs };
}

const price = (symbol: string) => {
  const q = s.market.quote(symbol)!;
  return formatNumber(q.price, s.market.findInstrument(symbol)!.decimals);
};

describe("quotes", () => {
  it.each([
    ["What is TASI at?", "TASI"],
    ["how is the saudi index doing", "TASI"],
    ["price of brent", "BRENT"],
    ["USD/AED", "USD/AED"],
  ])("%s → live quote of %s", async (message, symbol) => {
    const { answer, tools } = await ask(message);
    expect(tools).toEqual(["getQuote"]);
    expect(answer).toContain(`**${symbol}**`);
    expect(answer).toContain(price(symbol));
    expect(answer.endsWith(RISK_REMINDER)).toBe(true);
  });

  it("says how current the price is (simulated here), in either language", async () => {
    const { answer } = await ask("What is TASI at?");
    expect(answer).toContain("Simulated price from the built-in simulator, not a market quote.");
    const { answer: ar } = await ask("كم سعر تاسي؟");
    expect(ar).toContain("سعر محاكى من المحاكي المدمج، وليس سعر سوق.");
  });

  it("shows a currency pair with 4 decimals", async () => {
    const { answer } = await ask("what's the dirham rate? USD/AED");
    expect(answer).toMatch(/\*\*\d\.\d{4}\*\*/);
  });

  it("answers from the data of the moment it is asked", async () => {
    const quotes = new Map<string, number>([["TASI", 11_000]]);
    const instrument: Instrument = {
      symbol: "TASI",
      name: "Tadawul All Share Index",
      category: "gulfStocks",
      exchange: "TADAWUL",
      currency: "SAR",
      decimals: 2,
      aliases: ["Saudi index"],
    };
    const quote = (symbol: string): Quote | undefined => {
      const p = quotes.get(symbol);
      if (p === undefined) return undefined;
      return {
        symbol,
        name: instrument.name,
        price: p,
        change: p - 11_000,
        changePercent: ((p - 11_000) / 11_000) * 100,
        isPositive: p >= 11_000,
        category: "gulfStocks",
        lastUpdate: new Date().toISOString(),
        previousClose: 11_000,
        dayHigh: Math.max(p, 11_000),
        dayLow: Math.min(p, 11_000),
        marketOpen: true,
        source: "simulator",
        freshness: "simulated",
      };
    };
    const market = {
      catalogue: () => [instrument],
      findInstrument: (q: string) => (/tasi|saudi/i.test(q) ? instrument : undefined),
      quote,
    } as unknown as MarketService;
    expect((await ask("TASI?", ctx({ market }))).answer).toContain("11,000.00");
    quotes.set("TASI", 11_234.5);
    const { answer } = await ask("TASI?", ctx({ market }));
    expect(answer).toContain("11,234.50");
    expect(answer).toContain("up 234.50 (+2.13%)");
  });
});

describe("market overviews and movers", () => {
  it.each([
    ["Show me the currencies", "currencies"],
    ["gulf stocks overview", "gulfStocks"],
    ["how is crypto", "crypto"],
    ["commodities", "commodities"],
    ["US indices today", "usIndices"],
  ] as const)("%s → every %s quote", async (message, category) => {
    const { answer, tools } = await ask(message);
    expect(tools).toEqual(["getMarketOverview"]);
    const quotes = s.market.snapshot()[category];
    expect(quotes.length).toBeGreaterThan(0);
    for (const q of quotes) expect(answer).toContain(`**${q.symbol}** ${price(q.symbol)}`);
    // The list says how current its prices are (simulated here).
    expect(answer).toContain("Simulated price from the built-in simulator, not a market quote.");
    expect(answer).toContain(RISK_REMINDER);
  });

  it("top movers → the day's biggest gainer and loser", async () => {
    const { answer, tools } = await ask("Who are the top movers today?");
    expect(tools).toEqual(["getTopMovers"]);
    const all = Object.values(s.market.snapshot()).filter(Array.isArray).flat() as Quote[];
    const sorted = [...all].sort((a, b) => b.changePercent - a.changePercent);
    if (sorted[0]!.changePercent > 0) expect(answer).toContain(`**${sorted[0]!.symbol}**`);
    if (sorted.at(-1)!.changePercent < 0) expect(answer).toContain(`**${sorted.at(-1)!.symbol}**`);
    expect(answer).toContain("Gainers:");
    expect(answer).toContain("Losers:");
  });
});

describe("news and calendar", () => {
  it("news about a topic → the latest matching headlines", async () => {
    const { answer, tools } = await ask("Any news about oil?");
    expect(tools).toEqual(["getLatestNews"]);
    const items = await s.news.latest({ topic: "oil", limit: 5 });
    expect(items.length).toBeGreaterThan(0);
    expect(answer).toContain("Latest news about oil");
    for (const item of items) expect(answer).toContain(item.title);
  });

  it("latest headlines without a topic", async () => {
    const { answer } = await ask("latest headlines");
    const [first] = await s.news.latest({ limit: 5 });
    expect(answer).toContain(first!.title);
  });

  it("the economic calendar → upcoming events with importance", async () => {
    const { answer, tools } = await ask("What's on the economic calendar this week?");
    expect(tools).toEqual(["getEconomicCalendar"]);
    const events = await s.calendar.upcoming({ days: 7 });
    expect(events.length).toBeGreaterThan(0);
    expect(answer).toContain(`**${events[0]!.title}** (${events[0]!.country}, ${events[0]!.importance})`);
  });
});

describe("price alerts", () => {
  it("alert me when TASI goes above 11500 → creates the signed-in user's alert", async () => {
    const { answer, tools } = await ask("alert me when TASI goes above 11,500", ctx({ userId }));
    expect(tools).toEqual(["createAlert"]);
    expect(answer).toContain("**TASI** goes above **11500**");
    const alerts = await s.alerts.list(userId);
    expect(alerts.find((a) => a.symbol === "TASI")).toMatchObject({
      alertType: "above",
      targetValue: 11_500,
    });
  });

  it("understands below and percentage alerts by name", async () => {
    await ask("notify me if oil drops below 60", ctx({ userId }));
    await ask("alert me when bitcoin changes by 5%", ctx({ userId }));
    const alerts = await s.alerts.list(userId);
    expect(alerts.find((a) => a.symbol === "BRENT")).toMatchObject({ alertType: "below", targetValue: 60 });
    expect(alerts.find((a) => a.alertType === "change_percent")).toMatchObject({ targetValue: 5 });
  });

  it("my alerts → the user's own alerts", async () => {
    const { answer, tools } = await ask("show my alerts", ctx({ userId }));
    expect(tools).toEqual(["listAlerts"]);
    expect(answer).toContain("**TASI** goes above 11500 — active");
  });

  it("refuses anonymous visitors with the spec's text and creates nothing", async () => {
    const before = (await s.alerts.list(userId)).length;
    const { answer } = await ask("alert me when TASI goes above 12000");
    expect(answer).toBe("Please sign in to create price alerts");
    expect((await s.alerts.list(userId)).length).toBe(before);
  });

  it("asks for the missing part of an alert", async () => {
    const { answer, tools } = await ask("set an alert for me", ctx({ userId }));
    expect(tools).toEqual([]);
    expect(answer).toContain("alert me when TASI goes above 11500");
  });
});

describe("help and honesty", () => {
  it("help says what it is and what it understands", async () => {
    const { answer, tools } = await ask("help");
    expect(tools).toEqual([]);
    expect(answer).toBe(HELP_TEXT);
    expect(answer).toContain("not an AI language model");
  });

  it("an unknown request gets the help text, not an invented answer", async () => {
    const { answer } = await ask("Can you write me a poem about the sea?");
    expect(answer).toContain("I didn't catch that.");
  });

  it("says so when market data is not available", async () => {
    const { answer } = await ask("price of TASI", ctx({ market: undefined }));
    expect(answer).not.toContain("TASI is at");
    expect(detectIntent("top movers", undefined)).toEqual({ kind: "movers", category: undefined });
    expect((await ask("top movers", ctx({ market: undefined }))).answer).toBe(
      "Live market data is not available right now.",
    );
  });
});

describe("in Arabic", () => {
  const AR_RISK = COPY.ar.risk;

  it.each([
    ["كم سعر تاسي؟", "TASI"],
    ["ما هو سعر الذهب اليوم", "GOLD"],
    ["أسعار النفط", "BRENT"],
    ["بكم خام برنت؟", "BRENT"],
    ["سعر الدولار مقابل الدرهم", "USD/AED"],
    ["الدولار", "USD/AED"],
    ["كم الريال السعودي؟", "USD/SAR"],
    ["سعر النفط الأمريكي", "WTI"],
    ["كيف حال TASI", "TASI"],
  ])("%s → the live quote of %s, answered in Arabic", async (message, symbol) => {
    const { answer, tools, inputs } = await ask(message);
    expect(tools).toEqual(["getQuote"]);
    expect(inputs).toEqual([{ symbol }]);
    expect(answer).toContain(`**${symbol}**`);
    expect(answer).toContain(`عند **${price(symbol)}**`);
    expect(answer).toContain("بتوقيت غرينتش");
    expect(answer.endsWith(AR_RISK)).toBe(true);
    expect(answer).not.toMatch(/\b(is at|today|Day range|Last update)\b/);
  });

  it("names the instrument in Arabic and reads prefixes and Arabic-Indic digits", async () => {
    expect((await ask("وماذا عن بالذهب")).answer).toContain("**GOLD** (الذهب)");
    const { inputs } = await ask("نبهني عندما يتجاوز تاسي ١١٬٥٠٠", ctx({ userId }));
    expect(inputs).toEqual([{ symbol: "TASI", alertType: "above", targetValue: 11_500 }]);
    // "بين" (between) is not the yen.
    expect((await ask("الفرق بين الأسواق")).tools).toEqual(["getMarketOverview"]);
  });

  it("says whether a market is open or closed, from the live session state", async () => {
    const { answer, tools, inputs } = await ask("هل السوق السعودية مفتوحة الآن؟");
    expect(tools).toEqual(["getQuote"]);
    expect(inputs).toEqual([{ symbol: "TASI" }]);
    const open = s.market.quote("TASI")!.marketOpen;
    expect(answer).toContain(`السوق **${open ? "مفتوحة" : "مغلقة"}** الآن`);
    const english = await ask("Is the Dubai market open?");
    expect(english.inputs).toEqual([{ symbol: "DFMGI" }]);
    expect(english.answer).toContain(
      `the market is **${s.market.quote("DFMGI")!.marketOpen ? "open" : "closed"}** right now`,
    );
  });

  it("overviews, movers, news and the calendar in Arabic", async () => {
    const overview = await ask("العملات الرقمية");
    expect(overview.inputs).toEqual([{ category: "crypto" }]);
    expect(overview.answer).toContain("**العملات الرقمية** الآن:");
    expect(overview.answer).toContain(`**BTC** ${price("BTC")}`);

    const movers = await ask("ما الأسهم الأكثر ارتفاعا اليوم؟");
    expect(movers.tools).toEqual(["getTopMovers"]);
    expect(movers.answer).toContain("الأكثر ارتفاعاً:");

    const news = await ask("أخبار النفط");
    expect(news.tools).toEqual(["getLatestNews"]);
    // The Arabic sample feed's oil story and the English wire's oil stories are both candidates.
    expect(news.answer).toContain("**آخر الأخبار عن النفط**");
    expect(news.answer).toContain("تراجع أسعار النفط وسط مخاوف بشأن الطلب");

    const calendar = await ask("الأجندة الاقتصادية هذا الأسبوع");
    expect(calendar.tools).toEqual(["getEconomicCalendar"]);
    expect(calendar.answer).toContain("**الأجندة الاقتصادية للأيام السبعة المقبلة**");
    expect(calendar.answer).toMatch(/أهمية (عالية|متوسطة|منخفضة)/);
  });

  it("creates and lists alerts in Arabic, and asks signed-out visitors to sign in", async () => {
    const created = await ask("نبهني عندما ينخفض الذهب دون 3900", ctx({ userId }));
    expect(created.answer).toContain("عندما ينخفض **GOLD** دون **3900**");
    expect((await s.alerts.list(userId)).find((a) => a.symbol === "GOLD")).toMatchObject({
      alertType: "below",
      targetValue: 3_900,
    });
    expect((await ask("تنبيهاتي", ctx({ userId }))).answer).toContain("**GOLD** دون 3900 — نشط");
    expect((await ask("نبهني عندما يتجاوز تاسي 12000")).answer).toBe(
      "يرجى تسجيل الدخول لإنشاء تنبيهات الأسعار.",
    );
  });

  it("answers in the page's language: Arabic on an Arabic page, English questions included", async () => {
    const { answer } = await ask("price of brent", ctx(), "ar");
    expect(answer).toContain(`**BRENT** (خام برنت) عند **${price("BRENT")}**`);
    expect((await ask("مرحبا")).answer).toBe(COPY.ar.help);
    expect((await ask("اكتب لي قصيدة")).answer).toContain("لم أفهم طلبك.");
    // English on an English page is as before.
    expect((await ask("price of brent", ctx(), "en")).answer).toContain("**BRENT** (Brent Crude Oil) is at");
  });
});
