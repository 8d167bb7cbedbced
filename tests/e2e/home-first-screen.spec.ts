import { tr } from "./catalogs";
import { expect, hydrated, type Page, test } from "./fixtures";

// A phone reader sees prices on the home page's first screen: the hero's overview keeps its
// exchange states to one line, so its price tiles sit above the fold of a 390×844 viewport.
test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 90_000 });

/** How many prices are wholly inside the first viewport (no scrolling). */
const pricesOnFirstScreen = (page: Page) =>
  page.locator('[data-field="price"]').evaluateAll(
    (els) =>
      els.filter((el) => {
        const box = el.getBoundingClientRect();
        return (
          box.height > 0 &&
          box.top >= 0 &&
          box.bottom <= window.innerHeight &&
          /\d/.test(el.textContent ?? "")
        );
      }).length,
  );

for (const lang of ["en", "ar"] as const) {
  test(`${lang}: at 390×844 the hero's prices are on the first screen, exchange states on one line`, async ({
    page,
  }) => {
    await page.goto(lang === "ar" ? "/ar" : "/");
    // The first start backfills history before its first tick: wait for the live feed.
    await expect(page.locator('[data-field="feed-status"]')).toHaveAttribute("data-live", "true", {
      timeout: 45_000,
    });
    const overview = page.getByRole("region", { name: tr(lang, "market:hero.overview") });
    const chips = overview.getByRole("list", { name: tr(lang, "market:hero.exchanges") });
    const items = chips.locator("li[data-exchange]");
    // A page rendered before the first prices (a shared copy lives a few seconds) has no
    // exchange states yet: a later copy has them.
    await expect(async () => {
      await page.reload();
      await expect(items.first()).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await hydrated(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await pricesOnFirstScreen(page)).toBeGreaterThanOrEqual(1);
    // One line: every chip starts at the same height, and the line scrolls instead of wrapping.
    const tops = await items.evaluateAll((els) =>
      els.map((el) => Math.round(el.getBoundingClientRect().top)),
    );
    expect(new Set(tops).size, `chips on more than one line: ${tops}`).toBe(1);
    // The page itself never scrolls sideways because of the line.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
