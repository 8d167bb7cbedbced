import { expect, test } from "./fixtures";

/** Arabic readers get the shipped content and the calendar in Arabic, on a phone-width screen. */
const ARABIC = /[\u0600-\u06FF]/;

test.describe("the Arabic site at 390px", () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
  });

  test("an article page shows the Arabic title, labels and body", async ({ page }) => {
    await page.goto("/ar/news/article/uae-non-oil-sector-extends-expansion");
    await expect(page.locator("h1")).toHaveText(
      "القطاع غير النفطي في الإمارات يواصل التوسع مع ارتفاع الطلبات الجديدة",
    );
    const body = page.locator("article").filter({ hasText: "مديري المشتريات" });
    await expect(body.getByRole("heading", { name: "ما الذي دعم القراءة" })).toBeVisible();
    await expect(body).not.toHaveAttribute("lang", "en");
    await expect(body).not.toContainText("purchasing managers");
    await expect(page.getByText("النمو الاقتصادي").first()).toBeVisible();
    await page.screenshot({ path: "screenshots/arabic-article-390.png", fullPage: true });
  });

  test("the calendar shows its event titles in Arabic", async ({ page }) => {
    await page.goto("/ar/news-analytics?tab=calendar&days=90");
    const titles = page.getByTestId("event-title");
    await expect(titles.first()).toBeVisible();
    await expect(titles.first()).toHaveText(ARABIC);
    // Every event of the shipped schedule is in the glossary: none falls back to English.
    await expect(page.locator('[data-testid="event-title"][lang="en"]')).toHaveCount(0);
    await expect(titles.filter({ hasText: "اجتماع الدول الثماني في تحالف أوبك+" }).first()).toBeVisible();
    await page.screenshot({ path: "screenshots/arabic-calendar-390.png", fullPage: true });
    await titles.first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: "screenshots/arabic-calendar-events-390.png" });
  });

  test("news, brokers and the blacklist read in Arabic", async ({ page }) => {
    for (const [path, name, text] of [
      ["/ar/news/economic", "news", "التضخم في السعودية يبقى تحت السيطرة"],
      ["/ar/brokers/recommended", "brokers", "حسابات إسلامية"],
      ["/ar/brokers/blacklisted", "blacklist", "شركة مستنسخة تنتحل صفة جهة مرخّصة"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByText(text).first()).toBeVisible();
      await page.screenshot({ path: `screenshots/arabic-${name}-390.png`, fullPage: true });
    }
    // The severity badge names the risk in Arabic too.
    await expect(page.getByText("مخاطر عاجلة").first()).toBeVisible();
    await expect(page.locator("main")).not.toContainText("URGENT");
  });
});
