import { expect, type Page, test } from "./fixtures";
import { byScript, mainWords } from "./script-words";

/**
 * Arabic first: the Arabic site reads in Arabic (news from Arabic feeds first, Arabic search
 * facts, no more than 3% Latin words in any page's main content) and the English site carries no
 * Arabic outside text marked lang="ar".
 */

const ARABIC = /[\u0600-\u06FF]/;
const MAX_LATIN_SHARE = 0.03;
const COMPANY_SAMPLE = 10;

/** The sitemap's pages of one language: every page but the instruments, plus a sample of those. */
async function sitemapPages(page: Page, lang: "ar" | "en"): Promise<string[]> {
  const xml = await (await page.request.get("/sitemap.xml")).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const ours = paths.filter((p) =>
    lang === "ar" ? p === "/ar" || p.startsWith("/ar/") : !p.startsWith("/ar"),
  );
  const markets = ours.filter((p) => p.includes("/markets/"));
  const step = Math.max(1, Math.floor(markets.length / COMPANY_SAMPLE));
  const sample = markets.filter((_, i) => i % step === 0).slice(0, COMPANY_SAMPLE);
  return [...ours.filter((p) => !p.includes("/markets/")), ...sample];
}

/** A page with its streamed parts in (no spinner left in <main>). */
async function settled(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(400);
  await expect(page.locator("main .animate-spin")).toHaveCount(0);
}

test.describe("news in the reader's language", () => {
  test("Arabic pages list Arabic stories first and label the English ones", async ({ page }) => {
    await settled(page, "/ar/news/economic");
    const wire = page.getByTestId("wire-item");
    await expect(wire.first()).toContainText(ARABIC);
    const english = wire.filter({ has: page.locator('span[lang="en"]') });
    await expect(english.first().getByTestId("language-label")).toHaveText("بالإنجليزية");
    await expect(wire.first().getByTestId("language-label")).toHaveCount(0);

    await settled(page, "/news/economic");
    await expect(page.getByTestId("wire-item").first()).not.toContainText(ARABIC);
    const arabic = page.getByTestId("wire-item").filter({ has: page.locator('span[lang="ar"]') });
    await expect(arabic.first().getByTestId("language-label")).toHaveText("In Arabic");
  });

  test("the Arabic dashboard leads with Arabic stories under plain Arabic tab names", async ({ page }) => {
    await settled(page, "/ar/news-analytics");
    const tabs = page.getByRole("tab");
    await expect(tabs.first()).toHaveText(/آخر الأخبار/);
    await expect(page.getByRole("tablist")).not.toContainText("RSS");
    const items = page.getByTestId("news-item");
    await expect(items.first()).toHaveAttribute("lang", "ar");
    await expect(items.locator('[data-testid="language-label"]').first()).toHaveText("بالإنجليزية");
    await settled(page, "/ar/news-analytics?tab=summaries");
    const summary = page.getByTestId("summary").first();
    await expect(summary).toHaveAttribute("lang", "ar");
    await expect(summary.getByTestId("summary-text")).toContainText(ARABIC);
  });

  test("an Arabic search names instruments in Arabic", async ({ page }) => {
    await settled(page, `/ar/search?q=${encodeURIComponent("أرامكو")}`);
    const aramco = page.getByTestId("search-result").filter({ hasText: "2222" }).first();
    await expect(aramco.getByRole("heading")).toContainText("أرامكو السعودية");
    await expect(aramco.getByTestId("instrument-facts")).toHaveText(
      /الأسهم الخليجية · السعودية · السوق المالية السعودية/,
    );
    await expect(aramco).not.toContainText("TADAWUL");
    await expect(aramco).not.toContainText("Gulf stocks");
  });
});

test.describe("the words a reader sees", () => {
  test.setTimeout(600_000);

  test(`every Arabic page of the sitemap has at most ${MAX_LATIN_SHARE * 100}% Latin words`, async ({
    page,
  }) => {
    const pages = await sitemapPages(page, "ar");
    expect(pages.length).toBeGreaterThan(20);
    const over: string[] = [];
    for (const path of pages) {
      await settled(page, path);
      const { latin, arabic, share } = byScript(await mainWords(page, "en"));
      expect(arabic.length, `${path} has Arabic words`).toBeGreaterThan(0);
      if (share > MAX_LATIN_SHARE) {
        over.push(`${path}: ${(share * 100).toFixed(1)}% (${[...new Set(latin)].slice(0, 12).join(" ")})`);
      }
    }
    expect(over, "Arabic pages above the Latin share").toEqual([]);
  });

  test("no English page shows Arabic outside text marked lang=ar", async ({ page }) => {
    const pages = await sitemapPages(page, "en");
    expect(pages.length).toBeGreaterThan(20);
    const found: string[] = [];
    for (const path of pages) {
      await settled(page, path);
      const { arabic } = byScript(await mainWords(page, "ar"));
      if (arabic.length > 0) found.push(`${path}: ${[...new Set(arabic)].slice(0, 8).join(" ")}`);
    }
    expect(found, "English pages with unmarked Arabic").toEqual([]);
  });
});

test.describe("the Arabic site at 390 px", () => {
  test("news, an article, the analytics tabs, brokers, blacklist, search and the assistant", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const shots: Array<[string, string]> = [
      ["news", "/ar/news/economic"],
      ["article", "/ar/news/article/uae-non-oil-sector-extends-expansion"],
      ["analytics-news", "/ar/news-analytics?tab=news"],
      ["analytics-summaries", "/ar/news-analytics?tab=summaries"],
      ["analytics-calendar", "/ar/news-analytics?tab=calendar"],
      ["analytics-education", "/ar/news-analytics?tab=education"],
      ["brokers", "/ar/brokers/recommended"],
      ["blacklist", "/ar/brokers/blacklisted"],
      ["search", `/ar/search?q=${encodeURIComponent("أرامكو")}`],
    ];
    for (const [name, path] of shots) {
      await settled(page, path);
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      // Nothing wider than the phone: no sideways scrolling.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: `screenshots/arabic-first-${name}-390.png`, fullPage: true });
      if (name === "analytics-calendar") {
        // An impact note (Arabic, or English marked so) is isolated from its Arabic label.
        const impact = page.locator("main p", { hasText: "الأثر:" }).first();
        await expect(impact.locator("bdi")).toHaveCount(1);
      }
    }
    await settled(page, "/ar");
    const chat = page.locator("#chat");
    await chat.scrollIntoViewIfNeeded();
    const box = chat.getByRole("textbox");
    await expect(box).toHaveAttribute("dir", "rtl");
    await expect(box).toHaveAttribute("placeholder", /برنت/);
    await chat.screenshot({ path: "screenshots/arabic-first-assistant-390.png" });
  });
});
