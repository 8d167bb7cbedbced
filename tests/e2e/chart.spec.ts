import { at, tr, trPattern } from "./catalogs";
import { expect, hydrated, type Page, test } from "./fixtures";

/**
 * The company chart a trader reads: candles with volume beneath, the line/candle switch, moving
 * averages and RSI as toggles, the comparison with the exchange's index rebased to %, the axis in
 * the exchange's local time with the zone named, and the source under it, in both languages on a
 * phone and a desktop. The e2e server simulates prices (no volume), so the 1Y history answer is
 * served with volumes added, as a source that gives volume would answer.
 */

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const withVolumes = async (page: Page) =>
  page.route(/\/api\/market\/2222\/history\?range=1Y$/, async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { bars: { time: number }[] };
    body.bars = body.bars.map((b, i) => ({ ...b, volume: 1_000_000 + 1_000 * i }));
    await route.fulfill({ response: res, json: body });
  });

for (const lang of ["en", "ar"] as const) {
  for (const width of [1440, 390]) {
    test(`the Aramco chart in ${lang} at ${width} px: candles and volume, MA and RSI, the index comparison, the zone named`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await withVolumes(page);
      await page.goto(at(lang, "/markets/2222"));
      await hydrated(page);
      const chart = page.getByRole("img", { name: tr(lang, "market:instrument.chart"), exact: true });
      await chart.scrollIntoViewIfNeeded();
      await expect(chart.locator("canvas").first()).toBeVisible();
      // Every company opens on the same range: a month of daily candles.
      const month = page.getByRole("button", { name: tr(lang, "market:instrument.range.1M"), exact: true });
      await expect(month).toHaveAttribute("aria-pressed", "true");
      await expect(chart).toHaveAttribute("data-style", "candles");
      // The axis runs in Riyadh time, and the caption says so.
      await expect(page.locator('[data-field="chart-zone"]')).toContainText(
        tr(lang, "market:zones.Asia_Riyadh"),
      );

      await page.getByRole("button", { name: tr(lang, "market:instrument.range.1Y"), exact: true }).click();
      await expect
        .poll(async () => Number(await chart.getAttribute("data-volume-bars")))
        .toBeGreaterThan(200);
      // Under the chart: the volume, the prices' source and their last update.
      const source = trPattern(lang, "chart:source", {
        source: escapeRegExp(tr(lang, "market:sources.simulator")),
      }).source.slice(1, -1);
      await expect(page.locator('[data-field="chart-source"]')).toHaveText(
        new RegExp(`^${escapeRegExp(tr(lang, "chart:volume"))} · ${source}$`),
      );

      const toolbar = page.getByRole("toolbar", { name: tr(lang, "chart:controls") });
      await toolbar.getByRole("button", { name: tr(lang, "chart:line"), exact: true }).click();
      await expect(chart).toHaveAttribute("data-style", "line");
      await toolbar.getByRole("button", { name: tr(lang, "chart:candles"), exact: true }).click();
      await expect(chart).toHaveAttribute("data-style", "candles");

      const ma = toolbar.getByRole("button", {
        name: tr(lang, "chart:movingAverages", { periods: "20/50" }),
      });
      await ma.click();
      await expect(ma).toHaveAttribute("aria-pressed", "true");
      await expect(chart).toHaveAttribute("data-indicators", "ma");
      const rsi = toolbar.getByRole("button", { name: tr(lang, "chart:rsi", { period: "14" }) });
      await rsi.click();
      await expect(chart).toHaveAttribute("data-indicators", "ma rsi");
      await chart.screenshot({ path: `screenshots/chart-indicators-${lang}-${width}.png` });
      await rsi.click();
      await expect(chart).toHaveAttribute("data-indicators", "ma");

      // The comparison with the Tadawul index: both lines as % change, a legend naming both.
      await toolbar.getByRole("button", { name: trPattern(lang, "chart:compareWith") }).click();
      await expect(chart).toHaveAttribute("data-style", "compare");
      const legend = page.getByRole("list", { name: tr(lang, "chart:legend") });
      await expect(legend.getByRole("listitem")).toHaveCount(2);
      await expect(legend).toContainText(lang === "ar" ? "أرامكو" : "Aramco");
      await expect(legend).toContainText(lang === "ar" ? "تاسي" : "Tadawul All Share Index");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, "the chart page scrolls sideways").toBeLessThanOrEqual(0);
      await page
        .getByRole("region", { name: tr(lang, "market:instrument.chart") })
        .screenshot({ path: `screenshots/chart-compare-${lang}-${width}.png` });
      // The session's intraday chart, on the same local-time axis.
      await toolbar.getByRole("button", { name: tr(lang, "chart:clearCompare") }).click();
      await page.getByRole("button", { name: tr(lang, "market:instrument.range.1D"), exact: true }).click();
      await expect(chart).toHaveAttribute("data-style", "candles");
      await expect.poll(async () => Number(await chart.getAttribute("data-bars"))).toBeGreaterThan(0);
      await chart.screenshot({ path: `screenshots/chart-1d-${lang}-${width}.png` });
    });
  }
}

test("comparing with a symbol nobody lists says so and keeps the chart", async ({ page }) => {
  await page.goto("/markets/2222");
  await hydrated(page);
  await page.getByRole("textbox", { name: tr("en", "chart:compareSymbol") }).fill("NOSUCH");
  await page.getByRole("button", { name: tr("en", "chart:compare"), exact: true }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: tr("en", "chart:unknownSymbol", { symbol: "NOSUCH" }) }),
  ).toBeVisible();
  const chart = page.getByRole("img", { name: tr("en", "market:instrument.chart"), exact: true });
  await expect(chart).toHaveAttribute("data-style", "candles");
});
