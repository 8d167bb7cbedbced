import { expect, hydrated, test } from "./fixtures";

const TEXT = {
  en: {
    nav: "Markets",
    dfm: "DFM",
    gainers: "Top gainers",
    breadth: "Breadth",
    simulated: "Prices from the built-in simulator",
  },
  ar: {
    nav: "الأسواق",
    dfm: "سوق دبي",
    gainers: "الأكثر ارتفاعًا",
    breadth: "اتساع السوق",
    simulated: "أسعار من المحاكي المدمج",
  },
};

test.describe("markets overview", () => {
  test.describe.configure({ timeout: 180_000 });

  test("/markets is served from the page cache to anonymous readers", async ({ request }) => {
    const first = await request.get("/markets?market=QSE");
    expect(first.status()).toBe(200);
    const second = await request.get("/markets?market=QSE");
    expect(second.headers()["x-page-cache"]).toBe("hit");
    expect(await second.text()).toContain('data-market="QSE"');
  });

  test("the overview shows each exchange's breadth and top movers, follows the live stream, and its tabs switch market; in English and Arabic at 1440 and 390 px", async ({
    page,
  }) => {
    for (const lang of ["en", "ar"] as const) {
      const prefix = lang === "ar" ? "/ar" : "";
      const text = TEXT[lang];
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
        // The header's "Markets" (desktop) leads to the page; "Live Markets" keeps its anchor.
        if (width === 1440) {
          await page.goto(`${prefix}/`);
          await hydrated(page);
          const nav = page.getByRole("navigation", { name: lang === "ar" ? "التنقل الرئيسي" : "Main" });
          await expect(nav.getByRole("link", { name: text.nav, exact: true })).toHaveAttribute(
            "href",
            `${prefix}/markets`,
          );
          await expect(
            nav.getByRole("link", { name: lang === "ar" ? "الأسواق مباشرة" : "Live Markets" }),
          ).toHaveAttribute("href", lang === "ar" ? "/ar#markets" : "/#markets");
        }
        await page.goto(`${prefix}/markets?market=TADAWUL`);
        await hydrated(page);
        const overview = page.getByTestId("overview");
        await expect(overview).toHaveAttribute("data-market", "TADAWUL");
        await expect(page.getByRole("heading", { name: text.breadth })).toBeVisible();
        // Breadth counts add up to the companies with a change, as the API counts them.
        const api = await (await page.request.get("/api/markets/overview?market=TADAWUL")).json();
        expect(api.summary.companies).toBeGreaterThan(200);
        const counts = await Promise.all(
          ["advancers", "unchanged", "decliners"].map(async (id) =>
            Number((await page.getByTestId(id).innerText()).replace(/\D/g, "")),
          ),
        );
        expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
        // Top movers link to their company pages.
        const gainers = page.getByTestId("movers-gainers");
        await expect(gainers.getByRole("heading", { name: text.gainers })).toBeVisible();
        await expect(gainers.getByRole("link").first()).toHaveAttribute(
          "href",
          new RegExp(`^${prefix}/markets/[0-9a-z.-]+$`),
        );
        await expect(page.getByTestId("movers-activeByValue").getByRole("row")).toHaveCount(6); // head + 5
        await expect(page.getByTestId("simulated-note")).toContainText(text.simulated);
        await expect(page.getByTestId("index")).toHaveCount(1);
        // Live: a tick of the market stream asks the overview again.
        await page.waitForResponse((r) => r.url().includes("/api/markets/overview?market=TADAWUL") && r.ok());
        await page.screenshot({ path: `screenshots/markets-overview-${lang}-${width}.png`, fullPage: true });
        await page
          .getByTestId("movers-activeByValue")
          .screenshot({ path: `screenshots/markets-overview-movers-${lang}-${width}.png` });
        // Another exchange's tab.
        await page.getByRole("link", { name: text.dfm, exact: true }).click();
        await expect(overview).toHaveAttribute("data-market", "DFM");
        await expect(page).toHaveURL(/market=DFM/);
        await expect(
          page.getByTestId("movers-gainers").or(page.getByTestId("movers-losers")).first(),
        ).toBeVisible();
      }
    }
  });
});

const HEATMAP = {
  en: {
    title: "Sector heatmap",
    table: "Show as table",
    map: "Show as map",
    sized: "sized by the session's value traded",
  },
  ar: {
    title: "خريطة القطاعات الحرارية",
    table: "اعرضها جدولًا",
    map: "اعرضها خريطة",
    sized: "بقيمة تداول الجلسة",
  },
};

test.describe("sector heatmap", () => {
  test.describe.configure({ timeout: 240_000 });

  test("a tile opens its company, the table lists the same companies, the arrow keys move across tiles and the period is in the address; in English and Arabic at 1440 and 390 px", async ({
    page,
  }) => {
    // A first start prices every company within a few ticks and reads the stored closes that
    // start each period again every 30 s until its backfill is in: then weeks have changes.
    const weekChanges = async () =>
      Object.values(
        (await (await page.request.get("/api/markets/heatmap?market=TADAWUL&period=1W")).json()).changes,
      ).filter((c) => c !== null).length;
    await expect.poll(weekChanges, { timeout: 120_000 }).toBeGreaterThan(20);
    for (const lang of ["en", "ar"] as const) {
      const prefix = lang === "ar" ? "/ar" : "";
      const text = HEATMAP[lang];
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${prefix}/markets?market=TADAWUL&period=1W`);
        await hydrated(page);
        const heatmap = page.getByTestId("heatmap");
        await expect(heatmap.getByRole("heading", { name: text.title })).toBeVisible();
        await expect(heatmap).toHaveAttribute("data-period", "1W");
        await expect(heatmap.getByTestId("heatmap-caption")).toContainText(text.sized);
        const tiles = heatmap.getByTestId("heatmap-tile");
        const count = await tiles.count();
        expect(count).toBeGreaterThan(20);
        // Each tile is named "Company, change" and sits inside the map's box.
        const first = tiles.first();
        await expect(first).toHaveAccessibleName(/[،,] /);
        const box = (await heatmap.getByTestId("heatmap-map").boundingBox())!;
        const tb = (await first.boundingBox())!;
        expect(tb.x).toBeGreaterThanOrEqual(box.x - 1);
        expect(tb.x + tb.width).toBeLessThanOrEqual(box.x + box.width + 1);
        // Arabic mirrors the map: the largest sector starts at the right edge.
        if (lang === "ar") expect(tb.x + tb.width).toBeGreaterThan(box.x + box.width - 5);
        else expect(tb.x).toBeLessThan(box.x + 5);
        const tileSymbols = await tiles.evaluateAll((els) => els.map((e) => e.getAttribute("data-symbol")));
        // Roving focus: one tile in the tab order, the arrow keys move it (mirrored in Arabic).
        await expect(heatmap.locator('[data-testid="heatmap-tile"][tabindex="0"]')).toHaveCount(1);
        await first.focus();
        await page.keyboard.press(lang === "ar" ? "ArrowLeft" : "ArrowRight");
        await expect(tiles.nth(1)).toBeFocused();
        await expect(tiles.nth(1)).toHaveAttribute("tabindex", "0");
        await page.keyboard.press("End");
        await expect(tiles.nth(count - 1)).toBeFocused();
        await page.keyboard.press("Home");
        await expect(first).toBeFocused();
        for (const scheme of ["light", "dark"] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await heatmap.screenshot({ path: `screenshots/heatmap-${lang}-${width}-${scheme}.png` });
        }
        await page.emulateMedia({ colorScheme: "light" });
        // The visible table: toggled by a button, back to the map by the same button.
        await heatmap.getByRole("button", { name: text.table }).click();
        await expect(heatmap.getByTestId("heatmap-map")).toHaveCount(0);
        await expect(heatmap.getByTestId("heatmap-table").getByRole("table")).toBeVisible();
        // The table lists the same companies in the same order.
        const rowSymbols = await heatmap
          .getByTestId("heatmap-table")
          .locator("tbody tr")
          .evaluateAll((els) => els.map((e) => e.getAttribute("data-symbol")));
        expect(rowSymbols).toEqual(tileSymbols);
        await heatmap.getByRole("button", { name: text.map }).click();
        await expect(tiles.first()).toBeVisible();
        // The period's links keep the market.
        await heatmap.getByRole("link", { name: lang === "ar" ? "منذ بداية العام" : "YTD" }).click();
        await expect(page).toHaveURL(/market=TADAWUL&period=YTD/);
        await expect(heatmap).toHaveAttribute("data-period", "YTD");
        // Live: a tick asks for the tiles' changes again.
        await page.waitForResponse(
          (r) => r.url().includes("/api/markets/heatmap?market=TADAWUL&period=YTD") && r.ok(),
        );
        // A tile opens its company.
        const symbol = await tiles.first().getAttribute("data-symbol");
        await expect(tiles.first()).toHaveAttribute("href", `${prefix}/markets/${symbol!.toLowerCase()}`);
        await tiles.first().click();
        await expect(page).toHaveURL(new RegExp(`${prefix}/markets/${symbol!.toLowerCase()}$`), {
          timeout: 30_000,
        });
      }
    }
  });

  test("sparklines: the index cards and watchlist rows draw the session from stored minute bars, hidden from screen readers", async ({
    page,
  }) => {
    await page.goto("/markets?market=TADAWUL");
    const spark = page.getByTestId("index").getByTestId("sparkline");
    await expect(spark).toHaveAttribute("aria-hidden", "true");
    const points = (await spark.locator("polyline").getAttribute("points"))!.split(" ");
    expect(points.length).toBeGreaterThan(1);
    expect(points.length).toBeLessThanOrEqual(30);
    // A visitor's list lives in this browser.
    await page.addInitScript(() => localStorage.setItem("gp:watchlist", JSON.stringify(["TASI", "BTC"])));
    await page.goto("/watchlists");
    await hydrated(page);
    await expect(page.locator("tr[data-symbol]").first().getByTestId("sparkline")).toBeVisible();
  });
});
