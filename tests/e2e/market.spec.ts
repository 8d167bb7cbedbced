import { at, tr, trPattern } from "./catalogs";
import { expect, hydrated, type Page, signInAsAdmin, test } from "./fixtures";

// The e2e server ticks every second (MARKET_TICK_MS=1000). Crypto trades 24/7, so it always moves.
const markets = (page: Page) => page.locator("#markets");
const panelButton = (page: Page, name: string) =>
  markets(page).getByRole("button", { name: new RegExp(`^${name}`) });
const row = (page: Page, symbol: string) => page.locator(`#markets li[data-symbol="${symbol}"]`);
const priceOf = (page: Page, symbol: string) => row(page, symbol).locator('[data-field="price"]');

/** The first start backfills a year of history before its first tick: wait for prices. */
async function openHome(page: Page) {
  await page.goto("/");
  await expect(page.locator('[data-field="feed-status"]')).toHaveAttribute("data-live", "true", {
    timeout: 45_000,
  });
  // A click replayed before the router hydrates is lost; wait for React first.
  await hydrated(page);
}

test.describe.configure({ timeout: 90_000 });

test("the hero shows TASI, DFM, USD/AED and Brent live, and prices change without a reload", async ({
  page,
}) => {
  await openHome(page);
  await expect(page.getByRole("heading", { level: 1, name: "Real-Time Gulf Market News" })).toBeVisible();
  const overview = page.getByRole("region", { name: "Live market overview" });
  for (const label of ["TASI", "DFM", "USD/AED", "Brent"])
    await expect(overview.getByText(label, { exact: true })).toBeVisible();
  await expect(overview.locator('[data-symbol="USD/AED"] [data-field="price"]')).toHaveText(/^3\.67\d\d$/);
  // The time there is the feed's heartbeat, named as such (each price's trade time is on its page).
  await expect(overview.locator('[data-field="last-updated"]')).toHaveText(
    /^Feed connected · last message \d\d:\d\d:\d\d GMT$/,
  );

  await page.evaluate(() => ((window as any).__sameDocument = true));
  await panelButton(page, "Cryptocurrencies").click();
  const btc = priceOf(page, "BTC");
  await expect(btc).toBeVisible();
  const first = await btc.textContent();
  await expect.poll(() => btc.textContent(), { timeout: 15_000 }).not.toBe(first);
  // The change flashed green or red, and the page is the same document (no reload).
  await expect(row(page, "BTC").locator(".flash-up, .flash-down")).toHaveCount(1);
  expect(await page.evaluate(() => (window as any).__sameDocument)).toBe(true);
  await expect(overview.locator('[data-field="last-updated"]')).not.toHaveText(
    (await overview.locator('[data-field="last-updated"]').textContent())!,
    { timeout: 5_000 },
  );
});

test("market panels start as the spec says, open and close, and show the note", async ({ page }) => {
  await openHome(page);
  const expected: Array<[string, string]> = [
    ["Gulf Stocks", "true"],
    ["Major Currencies", "true"],
    ["Cryptocurrencies", "false"],
    ["Commodities", "false"],
    ["US Indices", "false"],
  ];
  for (const [name, expanded] of expected) {
    await expect(panelButton(page, name)).toHaveAttribute("aria-expanded", expanded);
  }
  await expect(markets(page).getByRole("note")).toHaveText(
    /^Data refreshes every \d+ seconds?\. Currency pairs show 4 decimals\. All times GMT\.$/,
  );
  await expect(row(page, "TASI")).toBeVisible();
  await expect(row(page, "TASI").locator('[data-field="status"]')).toHaveText(/^(Open|Closed|Delayed)$/);
  for (const pair of ["USD/AED", "USD/SAR", "EUR/USD", "USD/JPY"]) {
    await expect(priceOf(page, pair)).toHaveText(/^[\d,]+\.\d{4}$/);
  }
  await expect(row(page, "BRENT")).toBeHidden();

  await panelButton(page, "Gulf Stocks").click();
  await expect(panelButton(page, "Gulf Stocks")).toHaveAttribute("aria-expanded", "false");
  await expect(row(page, "TASI")).toBeHidden();
  await panelButton(page, "Commodities").click();
  await expect(row(page, "BRENT")).toBeVisible();
  await panelButton(page, "Gulf Stocks").click();
  await expect(row(page, "TASI")).toBeVisible();
});

/** Pixels that are not the chart's white background, over every canvas the chart drew. */
const paintedPixels = (page: Page) =>
  page.locator('[aria-label="Price chart"][role="img"] canvas').evaluateAll((canvases) =>
    (canvases as HTMLCanvasElement[]).reduce((sum, c) => {
      const ctx = c.getContext("2d");
      if (!ctx || !c.width || !c.height) return sum;
      const px = ctx.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < px.length; i += 4) if (px[i + 3]! > 0 && (px[i]! < 240 || px[i + 1]! < 240)) n++;
      return sum + n;
    }, 0),
  );

test("an instrument page draws its chart and switches ranges", async ({ page }) => {
  await openHome(page);
  await row(page, "TASI").getByRole("link").click();
  await expect(page).toHaveURL(/\/markets\/tasi$/);
  await expect(page.getByRole("heading", { level: 1, name: "Tadawul All Share Index" })).toBeVisible();
  const chart = page.locator('[aria-label="Price chart"][role="img"]');
  await expect(chart.locator("canvas").first()).toBeVisible();
  expect(Number(await chart.getAttribute("data-bars"))).toBeGreaterThan(10);
  await expect.poll(() => paintedPixels(page)).toBeGreaterThan(500);
  await expect(page.getByText("Sun–Thu, 10:00–15:00 local time (GMT+3)")).toBeVisible();
  await expect(page.getByText("07:00–12:00 GMT")).toBeVisible();
  // The key statistics show them with their source, and nothing else on the page repeats them.
  const statistics = page.getByTestId("key-statistics");
  await expect(statistics.getByText("Previous close")).toBeVisible();
  await expect(statistics.getByText("Day range")).toBeVisible();
  await expect(page.getByText("Previous close", { exact: true })).toHaveCount(1);
  await expect(page.getByText("Day range", { exact: true })).toHaveCount(1);

  await page.getByRole("button", { name: "1Y" }).click();
  await expect(page.getByRole("button", { name: "1Y" })).toHaveAttribute("aria-pressed", "true");
  await expect.poll(async () => Number(await chart.getAttribute("data-bars"))).toBeGreaterThan(200);
  await expect(page.getByText("Last year, daily bars")).toBeVisible();
  await page.getByRole("button", { name: "1W" }).click();
  await expect.poll(async () => Number(await chart.getAttribute("data-bars"))).toBeGreaterThan(20);
});

test("instrument URLs are canonical and unknown symbols are 404", async ({ page }) => {
  await page.goto("/markets/USD%2FAED");
  await expect(page).toHaveURL(/\/markets\/usd-aed$/);
  await expect(page.getByRole("heading", { level: 1, name: "US Dollar / UAE Dirham" })).toBeVisible();
  await expect(page.getByText("24 hours, Mon–Fri")).toBeVisible();
  const res = await page.goto("/markets/no-such-thing");
  expect(res?.status()).toBe(404);
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
});

test("the market API serves the bundle and history", async ({ request }) => {
  const bundle = await (await request.get("/api/market")).json();
  expect(bundle.gulfStocks.map((q: { symbol: string }) => q.symbol)).toContain("TASI");
  expect(bundle.currencies).toHaveLength(10);
  expect(Object.keys(bundle).sort()).toEqual([
    "commodities",
    "crypto",
    "currencies",
    "gulfStocks",
    "lastRefresh",
    "usIndices",
  ]);
  const history = await (await request.get("/api/market/brent/history?range=1M")).json();
  expect(history.symbol).toBe("BRENT");
  expect(history.bars.length).toBeGreaterThan(15);
  expect(history.bars[0]).toEqual({
    time: expect.any(Number),
    open: expect.any(Number),
    high: expect.any(Number),
    low: expect.any(Number),
    close: expect.any(Number),
    // This server runs the simulator: every bar says it is simulated (a chart marks such bars).
    simulated: true,
  });
  expect((await request.get("/api/market/brent/history?range=5Y")).status()).toBe(400);
  expect((await request.get("/api/market/nothing/history")).status()).toBe(404);
});

test.describe("a reader in another time zone", () => {
  test.use({ timezoneId: "Asia/Tokyo" });
  test("the hero says per exchange whether it is live, delayed or closed, never live while closed", async ({
    page,
  }) => {
    await openHome(page);
    const statuses = page.getByRole("list", { name: "Exchanges" }).locator("li[data-exchange]");
    await expect(statuses).toHaveCount(4); // Tadawul, DFM, foreign exchange, commodity futures
    for (const item of await statuses.all()) {
      const status = await item.getAttribute("data-status");
      const label = { live: "Live", delayed: "Delayed", closed: "Closed" }[status!];
      await expect(item, (await item.getAttribute("data-exchange"))!).toContainText(label!);
      if (status === "closed") {
        // The last close and the next open in GMT, as every time on the home page (one zone a page).
        await expect(item.locator('[data-field="exchange-times"]')).toHaveText(
          /^Last close \w{3} \d\d:\d\d GMT · Opens \w{3} \d\d:\d\d GMT$/,
        );
      } else {
        await expect(item.locator('[data-field="exchange-times"]')).toHaveCount(0);
      }
    }
    // Crypto trades around the clock and the hero's default symbols are on exchanges with hours.
    await expect(page.locator('li[data-exchange="TADAWUL"]')).toContainText("Saudi Exchange");
  });
});

test("'Failed to fetch market data' when the stream is unreachable, keeping the last prices", async ({
  page,
}) => {
  await openHome(page);
  const tasi = await priceOf(page, "TASI").textContent();
  // 204 tells EventSource to stop: the browser has no feed from here on.
  await page.route("**/api/stream", (route) => route.fulfill({ status: 204 }));
  await page.reload();
  await expect(markets(page).getByRole("alert")).toHaveText("Failed to fetch market data");
  await expect(priceOf(page, "TASI")).not.toHaveText("");
  expect(tasi).toBeTruthy();
  await expect(page.locator('[data-field="feed-status"]')).toHaveText("Delayed", { timeout: 10_000 });
});

test("home and instrument pages at 375 px and 1280 px (screenshots)", async ({ page }) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await openHome(page);
    // The market sections fit the viewport (no sideways scrolling on a phone).
    for (const section of [page.getByRole("region", { name: "Live market overview" }), markets(page)]) {
      const box = (await section.boundingBox())!;
      expect(box.x + box.width, `overflow at ${width}px`).toBeLessThanOrEqual(width);
      const inner = await section.evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(inner, `overflow inside a market section at ${width}px`).toBeLessThanOrEqual(0);
    }
    await page.screenshot({ path: `screenshots/market-home-${width}.png`, fullPage: true });
    await page.screenshot({ path: `screenshots/market-home-${width}-hero.png` });
    await page.locator("#markets").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `screenshots/market-home-${width}-panels.png` });
    await page.goto("/markets/btc");
    await expect(page.locator('[aria-label="Price chart"][role="img"] canvas').first()).toBeVisible();
    await expect.poll(() => paintedPixels(page)).toBeGreaterThan(500);
    await page.screenshot({ path: `screenshots/market-instrument-${width}.png`, fullPage: true });
    await page.screenshot({ path: `screenshots/market-instrument-${width}-top.png` });
  }
});

test("on the simulator every price on the home page says it is simulated", async ({ page, request }) => {
  await openHome(page);
  const overview = page.getByRole("region", { name: "Live market overview" });
  for (const symbol of ["TASI", "DFMGI", "USD/AED", "BRENT"]) {
    await expect(overview.locator(`[data-symbol="${symbol}"] [data-field="freshness"]`)).toHaveText(
      "Simulated",
    );
  }
  // One label per priced row in the open panels, each "Simulated".
  const rows = markets(page).locator("li[data-symbol]:visible");
  const count = await rows.count();
  expect(count).toBeGreaterThan(15);
  await expect(markets(page).locator('li[data-symbol]:visible [data-field="freshness"]')).toHaveCount(count);
  for (const label of await markets(page).locator('li:visible [data-field="freshness"]').allTextContents()) {
    expect(label).toBe("Simulated");
  }
  await expect(row(page, "TASI").locator('[data-field="freshness"]')).toHaveAttribute(
    "title",
    "Simulated by GulfPulse's built-in simulator: not a market price.",
  );
  // The API says the same for every quote.
  const bundle = await (await request.get("/api/market")).json();
  const quotes = Object.values(bundle).flatMap((v) => (Array.isArray(v) ? v : []));
  expect(quotes.length).toBe(36);
  for (const q of quotes) expect([q.source, q.freshness]).toEqual(["simulator", "simulated"]);
  // And so does the Arabic page.
  await page.goto("/ar");
  await expect(page.locator('#markets li[data-symbol="TASI"] [data-field="freshness"]')).toHaveText(
    "سعر محاكى",
    { timeout: 45_000 },
  );
});

test("an instrument page labels its price, a listed company's too", async ({ page, request }) => {
  await page.goto("/markets/tasi");
  const heading = page.locator("h1").locator("..");
  await expect(heading.locator('[data-field="freshness"]')).toHaveText("Simulated", { timeout: 45_000 });
  await page.screenshot({ path: "screenshots/market-label-instrument-en.png" });
  await page.goto("/ar/markets/usd-aed");
  await expect(page.locator("h1").locator("..").locator('[data-field="freshness"]')).toHaveText("سعر محاكى");
  await page.screenshot({ path: "screenshots/market-label-instrument-ar.png" });

  // A company outside the curated set: quoted (simulated here), labelled, with its chart's history.
  await page.goto("/markets/adcb");
  await expect(page.getByRole("heading", { level: 1, name: "Abu Dhabi Commercial Bank PJSC" })).toBeVisible();
  await expect(page.locator("h1").locator("..").locator('[data-field="freshness"]')).toHaveText("Simulated");
  await expect(page.locator('[data-field="price"]').first()).toHaveText(/^[\d,]+\.\d{2}$/);
  const history = await (await request.get("/api/market/adcb/history?range=1Y")).json();
  expect(history.bars.length).toBeGreaterThan(200);
  expect(history.quote).toMatchObject({ symbol: "ADCB", source: "simulator", freshness: "simulated" });
});

test("the admin overview says where market prices come from", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin?tab=overview");
  const panel = page.getByRole("region", { name: "Market data sources" });
  await expect(panel.locator('[data-field="market-provider"]')).toHaveText(
    /^MARKET_PROVIDER=simulator\. Quotes now: 0 live, 0 delayed, 0 end of day, \d+ simulated\.$/,
  );
  await expect(panel).toContainText("No real source is configured");
});

test("an instrument page says one thing about its price: its state, its trade's time, the feed's heartbeat", async ({
  page,
}) => {
  await page.goto("/markets/1120");
  await hydrated(page);
  const title = page.locator("h1").locator("..");
  await expect(title.locator('[data-field="freshness"]')).toHaveText("Simulated", { timeout: 45_000 });
  // The pill under the price agrees with the title: simulated, and closed since the last close
  // whenever the title says closed. It is never the green live pill on a simulated price.
  const pill = page.locator('[data-field="price-state"]');
  await expect(pill).toHaveAttribute("data-state", "simulated");
  const closed = (await title.locator('[data-field="status"]').textContent()) === "Closed";
  await expect(pill).toHaveText(
    closed
      ? /^Simulated price · Closed since \d+ \w{3} \d{4}, \d\d:\d\d Riyadh time \(GMT\+3\)$/
      : "Simulated price",
  );
  await expect(page.getByText(/^live$/i)).toHaveCount(0);
  // "Last update" is the trade's time, the same under the price and in the side panel.
  const trade = page.locator('[data-field="last-trade"]');
  await expect(trade).toHaveText(/^Last update \d+ \w{3} \d{4}, \d\d:\d\d Riyadh time \(GMT\+3\)$/);
  const panelTime = page.locator("dt", { hasText: "Last update" }).locator("+ dd");
  expect(`Last update ${await panelTime.textContent()}`).toBe(await trade.textContent());
  // The feed's heartbeat is named as such.
  await expect(page.locator('[data-field="feed-heartbeat"]')).toHaveText(
    /^Feed connected · last message \d\d:\d\d:\d\d Riyadh time \(GMT\+3\)$/,
  );
  await page.screenshot({ path: "screenshots/truth-instrument-en-1280.png" });
  await page.goto("/ar/markets/1120");
  await expect(page.locator('[data-field="price-state"]')).toContainText("سعر محاكى");
  await expect(page.locator('[data-field="feed-heartbeat"]')).toContainText("البث");
  await expect(page.locator('[data-field="last-trade"]')).toContainText("توقيت الرياض");
  await page.screenshot({ path: "screenshots/truth-instrument-ar-1280.png" });
  for (const path of ["/markets/1120", "/ar/markets/1120"]) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    await expect(page.locator('[data-field="price-state"]')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways on a phone`).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: `screenshots/truth-instrument-${path.startsWith("/ar") ? "ar" : "en"}-390.png`,
    });
  }
});

test("an instrument page names its one time zone wherever a time is shown, the chart's axis too", async ({
  page,
}) => {
  await page.goto("/markets/emaar");
  await expect(page.locator('[data-field="chart-zone"]')).toHaveText("Times in UAE time (GMT+4)");
  await expect(page.locator('[data-field="last-trade"]')).toContainText("UAE time (GMT+4)");
  await expect(page.locator('[data-field="feed-heartbeat"]')).toContainText("UAE time (GMT+4)");
  // A market without a local zone (foreign exchange) shows GMT throughout.
  await page.goto("/markets/usd-aed");
  await expect(page.locator('[data-field="chart-zone"]')).toHaveText("Times in GMT");
  await expect(page.locator('[data-field="last-trade"]')).toHaveText(/^Last update .* GMT$/);
  await page.goto("/ar/markets/emaar");
  await expect(page.locator('[data-field="chart-zone"]')).toContainText("توقيت الإمارات");
});

test("the home hero never claims live prices while every price it shows is simulated", async ({ page }) => {
  await openHome(page);
  const badge = page
    .getByRole("region", { name: "Live market overview" })
    .locator('[data-field="feed-status"]');
  // What is live is the feed; the prices are simulated (and their markets may be closed).
  await expect(badge).toHaveText(/^Live feed · (markets closed · )?simulated prices$/);
  await page.screenshot({ path: "screenshots/truth-hero-en-1280.png" });
  await page.goto("/ar");
  await expect(page.locator('[data-field="feed-status"]')).toHaveText(
    /^البث مباشر · (الأسواق مغلقة · )?أسعار محاكاة$/,
    { timeout: 45_000 },
  );
  await page.screenshot({ path: "screenshots/truth-hero-ar-1280.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.locator('[data-field="feed-status"]')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the Arabic home page scrolls sideways on a phone").toBeLessThanOrEqual(0);
  await page.screenshot({ path: "screenshots/truth-hero-ar-390.png" });
});

test("a Tadawul company page shows its key statistics, each naming its source on focus, in English and Arabic", async ({
  page,
}) => {
  await openHome(page);
  // A first start stores the simulator's year of bars in the background: wait for Aramco's.
  await expect
    .poll(
      async () => (await (await page.request.get("/api/instruments/2222")).json()).statistics.range52Week,
      {
        timeout: 60_000,
      },
    )
    .toBeTruthy();
  for (const lang of ["en", "ar"] as const) {
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(at(lang, "/markets/2222"));
      await hydrated(page);
      const stats = page.getByRole("region", { name: tr(lang, "market:keyStats.title") });
      await expect(stats).toBeVisible();
      // The 52-week range: a figure from the simulator's bars here (the e2e server simulates), so
      // its tooltip says it is simulated; keyboard focus shows it.
      const range = stats.locator('[data-stat="range52Week"]');
      await expect(range.locator("dt")).toHaveText(tr(lang, "market:keyStats.range52Week"));
      await range.getByRole("button").focus();
      await expect(range.getByRole("tooltip")).toBeVisible();
      await expect(range.getByRole("tooltip")).toHaveText(tr(lang, "market:keyStats.simulated"));
      // Escape closes the tooltip without moving focus; leaving and coming back shows it again.
      await page.keyboard.press("Escape");
      await expect(range.getByRole("tooltip")).toBeHidden();
      await expect(range.getByRole("button")).toBeFocused();
      await range.getByRole("button").blur();
      await range.getByRole("button").focus();
      await expect(range.getByRole("tooltip")).toBeVisible();
      await expect(range.getByRole("img")).toHaveAttribute(
        "aria-label",
        trPattern(lang, "market:keyStats.position"),
      );
      // The exchange: a fact of the listing, with the listings' source and date.
      const exchange = stats.locator('[data-stat="exchange"]');
      await exchange.getByRole("button").focus();
      await expect(exchange.getByRole("tooltip")).toBeVisible();
      await expect(exchange.getByRole("tooltip")).toHaveText(
        trPattern(lang, "market:keyStats.sourceOn", {
          source: tr(lang, "market:keyStats.listings", { key: "catalogue" }).replace(/[()]/g, "\\$&"),
        }),
      );
      // Shares outstanding: no source gives them, so "—" and why, never an invented number.
      const shares = stats.locator('[data-stat="sharesOutstanding"]');
      await expect(shares.getByRole("button")).toHaveText("—");
      await shares.getByRole("button").hover();
      await expect(shares.getByRole("tooltip")).toBeVisible();
      await expect(shares.getByRole("tooltip")).toHaveText(tr(lang, "market:keyStats.unpublished"));
      // The page stays within the viewport on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await range.getByRole("button").focus();
      await stats.screenshot({ path: `screenshots/key-statistics-${lang}-${width}.png` });
    }
  }
  // The same figures in the API, each as { value, source, asOf }.
  const api = await page.request.get("/api/instruments/2222");
  expect(api.status()).toBe(200);
  const body = await api.json();
  expect(body.statistics.range52Week).toMatchObject({ source: "simulator", simulated: true });
  expect(body.statistics.exchange).toMatchObject({ value: "TADAWUL", source: "catalogue" });
  expect(body.statistics).not.toHaveProperty("sharesOutstanding");
});
