import { expect, hydrated, type Page, signInAsAdmin, test } from "./fixtures";

// A Tadawul and a DFM company page in both languages at desktop and phone widths: each is named in
// the page's language (the DFM company's Arabic name from two agreeing sources), its sections are
// there, and nothing runs wider than the screen. The full pages are kept for looking at.
const SHOTS = process.env.COMPANY_SHOTS_DIR ?? "screenshots/company";
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test.describe.configure({ timeout: 180_000 });

/** An editor's records for the pages to show: a past distribution (not in the calendar) and rulings. */
async function recordCompanyData(page: Page) {
  await signInAsAdmin(page);
  const post = (path: string, form: Record<string, string>) => page.request.post(path, { form });
  const dividend = await post("/api/admin/dividends", {
    symbol: "DEYAAR",
    exDate: day(-40),
    amount: "0.05",
    currency: "AED",
    sourceUrl: "https://www.dfm.ae/announcement-e2e-deyaar",
  });
  expect(dividend.status()).toBe(200);
  for (const [symbol, source] of [
    ["DEYAAR", "قائمة الراجحي المالية لشهر أغسطس 2025"],
    ["2222", "Al Rajhi Capital list of August 2025"],
  ] as const) {
    const ruling = await post("/api/admin/shariah", {
      symbol,
      authority: "alrajhi-capital",
      ruling: "compliant",
      listDate: "2025-08-23",
      listUrl: "https://www.alrajhi-capital.sa/shariah-list-2025",
      source,
    });
    expect(ruling.status()).toBe(200);
  }
  await page.context().clearCookies();
}

test("a Tadawul and a DFM company page name the company in the page's language and fit the screen, at 1440 and 390 px", async ({
  page,
}) => {
  await recordCompanyData(page);
  const companies = [
    { slug: "2222", en: "Saudi Aramco", ar: "أرامكو السعودية" },
    { slug: "deyaar", en: "Deyaar Development PJSC", ar: "ديار للتطوير" },
  ];
  const chart = page.locator('[role="img"][data-bars]');
  for (const lang of ["en", "ar"] as const) {
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const company of companies) {
        const path = `${lang === "ar" ? "/ar" : ""}/markets/${company.slug}`;
        await page.goto(path);
        await hydrated(page);
        // A fresh server writes the listings' history and first prices in the background.
        await expect
          .poll(
            async () => {
              if (Number(await chart.getAttribute("data-bars")) > 0) return true;
              await page.goto(path);
              return Number(await chart.getAttribute("data-bars")) > 0;
            },
            { timeout: 90_000 },
          )
          .toBe(true);
        await expect(page.getByRole("heading", { level: 1, name: company[lang] })).toBeVisible();
        await expect(page.getByTestId("key-statistics")).toBeVisible();
        await expect(page.getByTestId("shariah-status")).toContainText(
          lang === "ar" ? "الهيئة الشرعية للراجحي المالية" : "Al Rajhi Capital Shariah Board",
        );
        await expect(page.getByTestId("dividends-section")).toBeVisible();
        if (company.slug === "deyaar" && lang === "en") {
          // Its trailing yield from the distribution above, in hundredths of a percent (about 0.4%).
          await expect(page.locator('[data-stat="dividendYield"] dd')).toContainText(/(^|[^\d.])0\.\d\d%/);
        }
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${company.slug} ${lang} ${width}`).toBeLessThanOrEqual(0);
        // The chart's code loads when the chart comes into view; the page is shot from its top.
        await chart.locator("canvas").first().scrollIntoViewIfNeeded();
        await expect(chart.locator("canvas").first()).toBeVisible();
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `${SHOTS}/${company.slug}-${lang}-${width}.png`, fullPage: true });
      }
    }
  }
});
