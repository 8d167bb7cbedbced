import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Listing, loadShippedListings } from "#server/market/universe";
import type { Services } from "#server/services";
import { createTestServices } from "#server/testing/test-services";
import { primeServices } from "../testing/services";
import type { ToolContext } from "../tools/types";
import { formatNumber, offlineReply, type ReplyLang, type RunTool } from "./engine";
import fixture from "./fixtures/question-set.json";

// The offline assistant's question set: every listed company, asked about in English and in
// Arabic with varied phrasing and the names readers use (full name, name without its legal
// suffix, symbol, Arabic name, short names from the fixture). An answer is correct when the
// first company it quotes is the expected one and it gives that company's current price as
// the reply formats it. The score must stay at 95% or above in each language.

interface Question {
  lang: ReplyLang;
  text: string;
  symbol: string;
}

const LEGAL =
  /\s*(\(.*\)|P\.?J\.?S\.?C\.?|K\.?S\.?C\.?P\.?|K\.?P\.?S\.?C\.?|Q\.?P\.?S\.?C\.?|S\.?A\.?O\.?G\.?|B\.?S\.?C\.?|PLC|Company|Co\.)\s*$/i;
const shortEnglish = (name: string) => name.replace(LEGAL, "").replace(LEGAL, "").trim() || name;
const shortArabic = (name: string) => name.replace(/^شركة\s+/, "");

/** The names a question may use for a listing in each language, rotated over the universe. */
function namesFor(l: Listing, lang: ReplyLang): string[] {
  if (lang === "en") return [l.name, shortEnglish(l.name), l.symbol];
  const ar = l.nameArMissing ? l.name : l.nameAr;
  return [ar, shortArabic(ar), l.symbol, ar];
}

/** One question per listing per language, plus the fixture's short-name questions. */
function buildQuestions(listings: Listing[]): Question[] {
  const out: Question[] = [];
  for (const lang of ["en", "ar"] as const) {
    const templates = data.templates[lang];
    listings.forEach((l, k) => {
      const names = namesFor(l, lang);
      const name = names[k % names.length]!;
      const template = templates[(k * 7 + Math.floor(k / names.length)) % templates.length]!;
      out.push({ lang, text: template.replace("{name}", name), symbol: l.symbol });
    });
    for (const [text, symbol] of data.aliases[lang]) out.push({ lang, text: text!, symbol: symbol! });
  }
  return out;
}
const data = fixture as unknown as {
  templates: Record<ReplyLang, string[]>;
  aliases: Record<ReplyLang, string[][]>;
};

let s: Services;
beforeAll(async () => {
  s = await createTestServices();
  await primeServices(s);
});
afterAll(() => s?.close());

async function answer(q: Question, over: Partial<ToolContext> = {}) {
  const ctx: ToolContext = { market: s.market, company: s.company, userId: null, ...over };
  const quoted: string[] = [];
  const run: RunTool = async (tool, input) => {
    if (tool.name === "getQuote") quoted.push((input as { symbol: string }).symbol);
    return tool.execute(tool.inputSchema.parse(input), ctx) as any;
  };
  const text = await offlineReply(q.text, ctx, run, q.lang);
  return { text, first: quoted[0] };
}

/** The price as the reply in `lang` writes it (Western digits in both, the site's default). */
const priceText = (symbol: string, _lang: ReplyLang) =>
  formatNumber(s.market.quote(symbol)!.price, s.market.findInstrument(symbol)!.decimals);

describe("the offline assistant's question set", () => {
  it("answers at least 95% of 200+ questions per language over the whole universe", async () => {
    const listings = loadShippedListings();
    const questions = buildQuestions(listings);
    const score: Record<ReplyLang, { right: number; total: number; misses: string[] }> = {
      en: { right: 0, total: 0, misses: [] },
      ar: { right: 0, total: 0, misses: [] },
    };
    for (const q of questions) {
      const { text, first } = await answer(q);
      const ok =
        first === q.symbol && text.includes(`**${q.symbol}**`) && text.includes(priceText(q.symbol, q.lang));
      const row = score[q.lang];
      row.total += 1;
      if (ok) row.right += 1;
      else row.misses.push(`${q.text} → ${first ?? "nothing"} (want ${q.symbol})`);
    }
    for (const lang of ["en", "ar"] as const) {
      const { right, total, misses } = score[lang];
      console.log(
        `offline assistant question set [${lang}]: ${right}/${total} = ${((100 * right) / total).toFixed(1)}%` +
          (misses.length ? `\n  misses:\n  ${misses.slice(0, 40).join("\n  ")}` : ""),
      );
      expect(total).toBeGreaterThanOrEqual(200);
      expect(right / total).toBeGreaterThanOrEqual(0.95);
    }
  }, 120_000);
});

describe("sector peers", () => {
  it.each([
    ["Who are Al Rajhi Bank's peers?", "en", "**Peers in Banks** on the same exchange"],
    ["من هم منافسو الراجحي في القطاع؟", "ar", "**شركات القطاع نفسه** (Banks)"],
  ] as const)("%s → the company's quote and its sector's other companies", async (text, lang, heading) => {
    const { text: reply, first } = await answer({ lang, text, symbol: "1120" });
    expect(first).toBe("1120");
    expect(reply).toContain(`**1120**`);
    expect(reply).toContain(heading);
    const banks = loadShippedListings().filter((l) => l.sector === "Banks" && l.exchange === "TADAWUL");
    const peer = banks.find((l) => l.symbol !== "1120")!;
    expect(reply).toContain(`**${peer.symbol}** ${priceText(peer.symbol, lang)}`);
  });
});

describe("the 52-week range", () => {
  it.each([
    ["What is Al Rajhi's 52-week range?", "en", "52-week range"],
    ["ما هو نطاق 52 أسبوعاً للراجحي؟", "ar", "نطاق 52 أسبوعاً"],
  ] as const)("%s → the quote and where the price stands in the year's range", async (text, lang, lead) => {
    const { text: reply, first } = await answer({ lang, text, symbol: "1120" });
    expect(first).toBe("1120");
    const range = (await s.company.keyStatistics("1120"))!.statistics.range52Week!.value;
    expect(reply).toContain(`${lead} ${formatNumber(range.low, 2)} – ${formatNumber(range.high, 2)}`);
    expect(reply).toContain(`${Math.round(range.position * 100)}%`);
  });

  it("says so when no key statistics are available", async () => {
    const { text } = await answer(
      { lang: "en", text: "ENBD 52 week high", symbol: "EMIRATESNBD" },
      { company: undefined },
    );
    expect(text).toContain("**EMIRATESNBD**");
    expect(text).toContain("No 52-week range is published for it yet.");
  });
});
