import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MarketService } from "#server/market/types";
import { seedContent } from "../content/seed";
import { economicEvents, educationCards, newsItems } from "../db/schema";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";
import { createSearch } from "./service";
import type { SearchService } from "./types";

let s: Services;
let search: SearchService;

const market = {
  catalogue: () => [
    {
      symbol: "USD/AED",
      name: "US Dollar / UAE Dirham",
      category: "currencies",
      exchange: "FX",
      currency: "AED",
      decimals: 4,
      aliases: ["dirham"],
    },
    {
      symbol: "TASI",
      name: "Tadawul All Share Index",
      category: "gulfStocks",
      exchange: "TADAWUL",
      currency: "SAR",
      decimals: 2,
      aliases: ["Saudi index"],
    },
  ],
} as unknown as MarketService;

beforeAll(async () => {
  s = await createTestServices();
  await seedContent(s);
  const now = Date.now();
  await s.db.insert(newsItems).values([
    {
      dedupeKey: "search-1",
      title: "Bahrain fintech sandbox admits new firms",
      description: "<p>The Central Bank of Bahrain expanded its regulatory sandbox.</p>",
      link: "https://news.example/bahrain-sandbox",
      pubDate: new Date(now - 3_600_000),
      source: "Example Wire",
      category: "economic",
    },
    {
      dedupeKey: "search-title",
      title: "Sukuk issuance hits a record",
      description: "Issuers raised more than ever.",
      pubDate: new Date(now - 7_200_000),
      source: "Example Wire",
      category: "markets",
    },
    {
      dedupeKey: "search-body",
      title: "Gulf markets wrap",
      description:
        "Stocks rose; elsewhere, one sukuk was priced among many bond and loan deals across the region today.",
      pubDate: new Date(now - 60_000),
      source: "Example Wire",
      category: "markets",
    },
    {
      dedupeKey: "search-hostile",
      title: 'Zakat <script>alert("t")</script> reform <img src=x onerror=alert(1)>',
      description:
        '&lt;b&gt;escaped&lt;/b&gt; zakat <a href="javascript:alert(1)" onclick="steal()">link</a> \uE000 stray \uE001 marks &amp; more',
      pubDate: new Date(now),
      source: "Example Wire",
      category: "economic",
    },
  ]);
  await s.db.insert(educationCards).values({
    slug: "search-test-islamic-finance",
    section: "Trading Strategies",
    title: "Islamic Finance Principles",
    body: "Profit sharing, no riba, asset-backed sukuk and swap-free accounts.",
  });
  await s.db.insert(economicEvents).values({
    title: "Kuwait GDP flash estimate",
    description: "Quarterly gross domestic product, first estimate.",
    startsAt: new Date(now + 5 * 86_400_000),
    country: "Kuwait",
    category: "GDP",
    importance: "medium",
  });
  search = createSearch({ database: s.database, log: s.log, market, listings: () => s.instruments.all() });
});
afterAll(async () => {
  await s.close();
});

const find = async (q: string) => (await search.search(q)).results;

describe("search", () => {
  it("does nothing for a blank query", async () => {
    expect(await search.search("")).toEqual({ query: "", results: [] });
    expect((await search.search("   \n ")).results).toEqual([]);
  });

  it("finds each source, with its type icon and link", async () => {
    const first = async (q: string, source: string) => {
      const hit = (await find(q)).find((r) => r.source === source);
      expect(hit, `${q} -> ${source}`).toBeDefined();
      return hit!;
    };
    expect(await first("OPEC+ output", "article")).toMatchObject({
      type: "analysis",
      url: "/news/article/opec-plus-output-decision",
      external: false,
    });
    expect(await first("cost analysis spreads", "article")).toMatchObject({
      type: "broker",
      url: "/brokers/analysis/broker-cost-analysis",
    });
    expect(await first("sandbox", "news")).toMatchObject({
      type: "analysis",
      url: "https://news.example/bahrain-sandbox",
      external: true,
      title: "Bahrain fintech sandbox admits new firms",
    });
    expect(await first("Falcon Markets", "broker")).toMatchObject({
      type: "broker",
      url: "/brokers/recommended#falcon-markets",
    });
    expect((await first("clone firm", "blacklist")).title).toBe("Gulf Crown FX");
    expect(await first("riba", "education")).toMatchObject({
      type: "analysis",
      title: "Islamic Finance Principles",
    });
    expect(await first("Kuwait GDP", "event")).toMatchObject({
      type: "data",
      title: "Kuwait GDP flash estimate",
    });
    expect(await first("dirham", "instrument")).toMatchObject({ type: "data", url: "/markets/usd-aed" });
    expect((await first("AED", "instrument")).title).toBe("USD/AED — US Dollar / UAE Dirham");
    expect(await first("privacy", "page")).toMatchObject({ url: "/privacy-policy", title: "Privacy Policy" });
  });

  it("ranks a title match above a passing mention", async () => {
    const titles = (await find("sukuk")).filter((r) => r.source === "news").map((r) => r.title);
    expect(titles.indexOf("Sukuk issuance hits a record")).toBeGreaterThanOrEqual(0);
    expect(titles.indexOf("Sukuk issuance hits a record")).toBeLessThan(titles.indexOf("Gulf markets wrap"));
    const ranks = (await find("sukuk")).map((r) => r.rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
  });

  it("shows a recurring calendar event once, at its nearest date", async () => {
    const day = 86_400_000;
    const near = new Date(Date.now() + 10 * day);
    await s.db.insert(economicEvents).values(
      [40, 10, 70].map((d) => ({
        title: "Qatar CPI release",
        startsAt: new Date(Date.now() + d * day),
        country: "Qatar",
        category: "Inflation",
        importance: "medium" as const,
      })),
    );
    const events = (await find("Qatar CPI")).filter((r) => r.title === "Qatar CPI release");
    expect(events).toHaveLength(1);
    expect(Math.abs(events[0]!.date!.getTime() - near.getTime())).toBeLessThan(60_000);
  });

  it("highlights matches with <mark> and nothing else from the document becomes markup", async () => {
    const [hit] = (await find("zakat")).filter((r) => r.source === "news");
    expect(hit!.titleHtml).toContain("<mark>Zakat</mark>");
    expect(hit!.descriptionHtml).toContain("<mark>zakat</mark>");
    for (const html of [hit!.titleHtml, hit!.descriptionHtml]) {
      const withoutMarks = html.replaceAll("<mark>", "").replaceAll("</mark>", "");
      expect(withoutMarks).not.toMatch(/[<>]/);
      expect(html).not.toMatch(/onclick|onerror|javascript:|<script/i);
      expect((html.match(/<mark>/g) ?? []).length).toBe((html.match(/<\/mark>/g) ?? []).length);
    }
    // Entities in stored HTML are shown as the characters they stand for, escaped once.
    expect(hit!.descriptionHtml).toContain("escaped&lt;/b&gt;");
    expect(hit!.descriptionHtml).toContain("&amp; more");
    expect(hit!.title).not.toContain("<script");
  });

  it("supports quoted phrases and exclusions", async () => {
    const banks = (await find('"central bank" -kuwait'))
      .filter((r) => r.source === "article")
      .map((r) => r.url);
    expect(banks).toContain("/news/article/sama-keeps-policy-rates-in-step-with-fed");
    expect(banks).not.toContain("/news/article/central-bank-of-kuwait-discount-rate");
  });

  it("falls back to prefixes when whole words find nothing", async () => {
    const hits = await find("aram");
    expect(hits.some((r) => r.url === "/news/article/opec-plus-output-decision")).toBe(true);
  });

  it("copes with stop words only, punctuation and SQL-looking input", async () => {
    expect((await search.search("the of and")).results).toEqual([]);
    expect((await search.search("'); drop table articles; --")).results).toBeInstanceOf(Array);
    expect((await search.search("!!! ::: &&& |||")).results).toEqual([]);
    expect((await find("OPEC")).length).toBeGreaterThan(0);
  });

  it("returns at most the requested number of results", async () => {
    expect((await search.search("bank", { limit: 2 })).results).toHaveLength(2);
    expect((await search.search("bank", { limit: 1000 })).results.length).toBeLessThanOrEqual(100);
  });

  it("skips drafts and is wired as services.search", async () => {
    await s.content.articles.create({
      section: "economic",
      title: "Unpublished qwertyzakat",
      published: false,
    });
    expect(await find("qwertyzakat")).toEqual([]);
    // "Falcon" alone also names a listed company (Arabia Falcon Insurance, MSX); the broker's full name is unambiguous.
    expect((await s.search.search("Falcon Markets")).results[0]?.source).toBe("broker");
  });
});

describe("Arabic search", () => {
  beforeAll(async () => {
    await s.content.articles.create({
      section: "economic",
      slug: "gulf-bank-profits-arabic",
      title: "ارتفاع أرباح البنوك الخليجية في الربع الثالث",
      excerpt: "سجلت المصارف الخليجية أرباحاً قياسية مدعومة بأسعار الفائدة.",
      bodyMarkdown: "قال محللون إن **أسهم** المصارف في السوق السعودية تتابع نتائج أرامكو Aramco عن كثب.",
      published: true,
    });
    await s.db.insert(newsItems).values({
      dedupeKey: "search-arabic-oil",
      title: "النفط يصعد مع تراجع المخزونات",
      description: "ارتفعت عقود برنت في تعاملات الخليج بعد تقرير المخزونات الأمريكية.",
      pubDate: new Date(),
      source: "وكالة الأنباء",
      category: "markets",
      language: "ar",
    });
  });

  it("finds an Arabic article from another inflection of its words, highlighted", async () => {
    // "الأرباح" (the profits) finds "أرباح" (profits): the article and the hamza are folded.
    const hit = (await find("الأرباح")).find((r) => r.url === "/news/article/gulf-bank-profits-arabic");
    expect(hit).toBeDefined();
    expect(hit!.titleHtml).toContain("<mark>أرباح</mark>");
    // "للأسهم" (for the shares) finds "أسهم" in the body; "بالنفط" (with oil) the news item's "النفط".
    const shares = (await find("للأسهم")).find((r) => r.url === "/news/article/gulf-bank-profits-arabic");
    expect(shares?.descriptionHtml).toContain("<mark>أسهم</mark>");
    const oil = (await find("بالنفط")).find((r) => r.source === "news");
    expect(oil?.title).toBe("النفط يصعد مع تراجع المخزونات");
    expect(oil?.titleHtml).toContain("<mark>النفط</mark>");
  });

  it("keeps English search as it was, including Latin words inside Arabic text", async () => {
    const [{ same }] = await s.database.query<{ same: boolean }>(
      "select search_tsvector($1) = to_tsvector('english', $1) as same",
      ["Banks rallied as oil prices rose"],
    );
    expect(same).toBe(true);
    // An English query never uses the Arabic stemmer, yet finds the Latin word in Arabic text.
    const aramco = (await find("Aramco")).find((r) => r.url === "/news/article/gulf-bank-profits-arabic");
    expect(aramco?.descriptionHtml).toContain("<mark>Aramco</mark>");
  });

  it("finds a market instrument by its Arabic name", async () => {
    const dirham = (await find("الدرهم الإماراتي")).find((r) => r.source === "instrument");
    expect(dirham).toMatchObject({ url: "/markets/usd-aed", title: "USD/AED — US Dollar / UAE Dirham" });
    // English results of the instrument show its English text only.
    expect((await find("dirham")).find((r) => r.source === "instrument")?.descriptionHtml).not.toMatch(
      /[\u0600-\u06FF]/,
    );
  });

  it("a one- or two-letter query matches the start of instrument symbols and names and of titles", async () => {
    const ar = await find("ar");
    const urls = ar.map((r) => r.url);
    expect(urls).toContain("/markets/2222"); // Saudi Aramco, a listed company
    expect(ar.some((r) => r.source === "instrument" && /— Arab/.test(r.title))).toBe(true);
    // Titles only: "Bahrain" does not start with "ar", and no story is found through its body.
    expect(ar.every((r) => r.source !== "news" || /\bar/i.test(r.title))).toBe(true);
    // One letter, and a stop word on its own in English ("a"), still find title words.
    expect((await find("s")).some((r) => r.title === "Sukuk issuance hits a record")).toBe(true);
    expect((await find("su")).some((r) => r.title === "Sukuk issuance hits a record")).toBe(true);
    expect((await find("a")).length).toBeGreaterThan(0);
    expect((await find("ta")).some((r) => r.url === "/markets/tasi")).toBe(true);
    // A symbol's digits (three of them: nineteen Tadawul symbols start with "22").
    expect((await find("222")).map((r) => r.url)).toContain("/markets/2222");
  });

  it("a mixed Arabic–Latin query is parsed by both parsers", async () => {
    // "أرباح" (profits) with the Arabic parser, "Aramco" with the English one: the Arabic article
    // holds both; neither parser alone reads the other script's word.
    const mixed = await find("أرباح Aramco");
    expect(mixed.some((r) => r.url === "/news/article/gulf-bank-profits-arabic")).toBe(true);
    // "dirhams" must be stemmed by the English parser to meet the instrument's English "dirham"
    // (the Arabic parser leaves it as it is); "دولار" (dollar) is its Arabic name.
    expect((await find("دولار dirhams")).some((r) => r.url === "/markets/usd-aed")).toBe(true);
  });

  it("falls back to Arabic prefixes when whole words find nothing", async () => {
    const hits = await find("المخزو");
    expect(hits.some((r) => r.title === "النفط يصعد مع تراجع المخزونات")).toBe(true);
  });
});
