import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import AxeBuilder from "@axe-core/playwright";
import { startAppServer } from "./app-server";
import { at, tr } from "./catalogs";
import { expect, hydrated, type Page, signUpAndSignIn, test, uniqueEmail } from "./fixtures";

// Every listed Gulf company, not only the curated 36 instruments: it has a page with a chart, the
// alert form's instrument picker finds it by its Arabic name, and an alert on it can be created.
// Tibbiyah (9530) is on Nomu; ADNOC Drilling (ADX) and Almarai (2280) have sourced Arabic names.

test.describe.configure({ timeout: 90_000 });

// The first start backfills history for every instrument before its first tick: wait for it, so
// the sign-ups below are not timed against that work.
test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await page.goto("/");
  await expect(page.locator('[data-field="feed-status"]')).toHaveAttribute("data-live", "true", {
    timeout: 60_000,
  });
  await page.close();
});

const chart = (page: Page) => page.locator('[aria-label="Price chart"][role="img"]');

test("a Nomu and an ADX company each have a page with a chart, their board and sector", async ({ page }) => {
  for (const [symbol, name, facts] of [
    ["9530", "Tibbiyah", ["Nomu (parallel market)", "Healthcare"]],
    ["adnocdrill", "ADNOC Drilling Company PJSC", ["Energy"]],
  ] as const) {
    const res = await page.goto(`/markets/${symbol}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(chart(page).locator("canvas").first()).toBeVisible({ timeout: 30_000 });
    // A fresh server writes the listings' daily history in the background after it starts.
    await expect
      .poll(
        async () => {
          if (Number(await chart(page).getAttribute("data-bars")) > 0) return true;
          await page.reload();
          await expect(chart(page).locator("canvas").first()).toBeVisible({ timeout: 30_000 });
          return Number(await chart(page).getAttribute("data-bars")) > 0;
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    // The board shows in the facts beside the chart, the sector once, in the key statistics.
    for (const fact of facts)
      await expect(page.locator("dd").filter({ hasText: fact }).first()).toBeVisible();
  }
  await page.screenshot({ path: "screenshots/universe-adx-page.png", fullPage: true });
  // In Arabic: the company's Arabic name, its board and sector in Arabic.
  await page.goto(at("ar", "/markets/2280"));
  await expect(page.getByRole("heading", { level: 1, name: "المراعي" })).toBeVisible();
  await expect(
    page.locator("dd").filter({ hasText: tr("ar", "market:instrument.boards.main") }),
  ).toBeVisible();
  await expect(
    page
      .locator("dd")
      .filter({ hasText: tr("ar", "market:sectors.Food & Beverages") })
      .first(),
  ).toBeVisible();
  await page.screenshot({ path: "screenshots/universe-page-ar.png", fullPage: true });
  // A DFM company's Arabic page names it in Arabic.
  await page.goto(at("ar", "/markets/airarabia"));
  await expect(page.getByRole("heading", { level: 1, name: "العربية للطيران" })).toBeVisible();
  // One named once two witnesses agreed (Union Properties), and its page title says it too.
  await page.goto(at("ar", "/markets/upp"));
  await expect(page.getByRole("heading", { level: 1, name: "الاتحاد العقارية" })).toBeVisible();
  await expect(page).toHaveTitle(/الاتحاد العقارية/);
});

test("the API and site search know the listings", async ({ page, request }) => {
  const api = await request.get("/api/instruments?q=%D8%A7%D9%84%D9%85%D8%B1%D8%A7%D8%B9%D9%8A&limit=5");
  expect(api.status()).toBe(200);
  expect((await api.json()).instruments[0]).toMatchObject({ symbol: "2280", nameAr: "المراعي" });
  const bad = await request.get("/api/instruments?limit=500");
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toEqual({ ok: false, error: "limit: at most 50" });

  await page.goto("/search?q=Tibbiyah");
  await expect(page.locator('a[href="/markets/9530"]').first()).toBeVisible();
});

test("the picker finds an ADX company by its Arabic name and an alert on it is created (Arabic, phone width)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpAndSignIn(page, uniqueEmail("universe"));
  await page.goto(at("ar", "/price-alerts"));
  await hydrated(page);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.getByRole("button", { name: tr("ar", "alerts:list.newAlert") }).click();
  const form = page.getByRole("form", { name: tr("ar", "alerts:form.title") });
  const symbol = form.getByRole("combobox", { name: tr("ar", "alerts:form.symbol") });
  await symbol.fill("أدنوك للحفر");
  const option = form.getByRole("option").filter({ hasText: "ADNOCDRILL" });
  await expect(option).toBeVisible();
  await expect(symbol).toHaveAttribute("aria-expanded", "true");
  await page.screenshot({ path: "screenshots/universe-picker-ar-phone.png" });
  // The open combobox and its options pass axe (roles, names, contrast).
  const { violations } = await new AxeBuilder({ page }).include("form").analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`)).toEqual([]);
  // Keyboard: the first option is the match; Enter picks it and closes the list.
  await symbol.press("ArrowDown");
  await expect(option).toHaveAttribute("aria-selected", "true");
  await symbol.press("Enter");
  await expect(symbol).toHaveValue("ADNOCDRILL");
  await expect(symbol).toHaveAttribute("aria-expanded", "false");
  await form.getByLabel(tr("ar", "alerts:form.targetPrice")).fill("1000");
  await form.getByRole("button", { name: tr("ar", "alerts:form.submit") }).click();
  await expect(page.getByTestId("alert-row").filter({ hasText: "ADNOCDRILL" })).toHaveCount(1);
});

test("the picker searches by English name and by symbol on a desktop page", async ({ page }) => {
  await signUpAndSignIn(page, uniqueEmail("universe-en"));
  await page.goto("/price-alerts");
  await hydrated(page);
  await page.getByRole("button", { name: "New Alert" }).click();
  const form = page.getByRole("form", { name: "Create Price Alert" });
  const symbol = form.getByRole("combobox", { name: "Symbol" });
  await symbol.fill("adnoc dril");
  await form.getByRole("option").filter({ hasText: "ADNOCDRILL" }).click();
  await expect(symbol).toHaveValue("ADNOCDRILL");
  await symbol.fill("zzzzqq");
  await expect(form.getByText("No instrument matches. Try a symbol or a company name.")).toBeVisible();
  await page.screenshot({ path: "screenshots/universe-picker-en.png" });
  await symbol.fill("9530");
  await form.getByRole("option").filter({ hasText: "Tibbiyah" }).click();
  await form.getByLabel("Target Price").fill("1");
  await form.getByRole("button", { name: "Create Alert" }).click();
  await expect(page.getByTestId("alert-row").filter({ hasText: "9530" })).toHaveCount(1);
});

/**
 * A second app server whose only market source is a Yahoo-chart-shaped stub on loopback
 * (MARKET_PROVIDER=http): it quotes Almarai (2280.SR) at a price the test sets and knows no other
 * ticker, so everything else stays simulated.
 */
async function startStubbedSite() {
  let price = 75;
  const stub = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stub");
    const quote = url.pathname === "/v8/finance/chart/2280.SR" && url.searchParams.get("range") === "1d";
    if (!quote) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(
        readFileSync(new URL("../../server/market/fixtures/yahoo/unknown-ticker.json", import.meta.url)),
      );
      return;
    }
    const now = Math.floor(Date.now() / 1000);
    const meta = {
      currency: "SAR",
      symbol: "2280.SR",
      regularMarketTime: now,
      regularMarketPrice: price,
      regularMarketDayHigh: price,
      regularMarketDayLow: 74,
      chartPreviousClose: 75,
      gmtoffset: 10800,
      timezone: "AST",
      dataGranularity: "1d",
      range: "1d",
    };
    const bar = { open: [75], high: [price], low: [74], close: [price], volume: [1000] };
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        chart: { result: [{ meta, timestamp: [now], indicators: { quote: [bar] } }], error: null },
      }),
    );
  });
  await new Promise<void>((resolve) => stub.listen(0, "127.0.0.1", resolve));
  const stubPort = (stub.address() as AddressInfo).port;
  try {
    const app = await startAppServer({
      portOffset: 11,
      name: "universe-stub",
      env: { MARKET_PROVIDER: "http", MARKET_HTTP_URL: `http://127.0.0.1:${stubPort}` },
    });
    return {
      base: app.baseURL,
      setPrice: (p: number) => {
        price = p;
      },
      async stop() {
        await app.stop();
        stub.close();
      },
    };
  } catch (err) {
    stub.close();
    throw err;
  }
}

test("an alert on a listed company triggers from a loopback provider's price", async ({ browser }) => {
  test.setTimeout(300_000);
  const site = await startStubbedSite();
  const context = await browser.newContext({ baseURL: site.base });
  try {
    const page = await context.newPage();
    // Its first start backfills history before the first tick: let that finish first.
    await page.goto("/");
    await expect(page.locator('[data-field="feed-status"]')).toHaveAttribute("data-live", "true", {
      timeout: 90_000,
    });
    await signUpAndSignIn(page, uniqueEmail("universe-trigger"));
    await page.goto("/price-alerts");
    await hydrated(page);
    await page.getByRole("button", { name: "New Alert" }).click();
    const form = page.getByRole("form", { name: "Create Price Alert" });
    await form.getByRole("combobox", { name: "Symbol" }).fill("Almarai");
    await form.getByRole("option").filter({ hasText: "2280" }).click();
    await form.getByLabel("Target Price").fill("100");
    await form.getByRole("button", { name: "Create Alert" }).click();
    const row = page.getByTestId("alert-row").filter({ hasText: "2280" });
    await expect(row).toContainText("active");
    // The source's price crosses the target: the next refresh triggers the alert.
    site.setPrice(120);
    await expect(row).toContainText("triggered", { timeout: 60_000 });
    await page.getByRole("tab", { name: "Notifications" }).click();
    await expect(page.getByTestId("notification").first()).toContainText(
      /Your alert for 2280 when the price goes above 100(\.00)? was triggered: the price reached 120(\.00)?/,
    );
  } finally {
    await context.close();
    await site.stop();
  }
});
