import { mkdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { startAppServer } from "./app-server";
import { at } from "./catalogs";
import { expect, hydrated, type Page, signUpAndSignIn, test, uniqueEmail } from "./fixtures";

// Numbers a trader can trust, end to end: a second app server whose only market source is a
// Yahoo-chart-shaped stub on loopback (MARKET_PROVIDER=http). Al Rajhi (1120.SR) answers a trade
// of April 2021 (stale), Almarai (2280.SR) a current one, Aramco (2222.SR) a current one without a
// previous close. The stale quote is labelled with its full date and never fires an alert; the
// current one does (at once: the alert already holds on a closed market's last price); a price without a real previous close shows no change; USD/QAR is the peg.

const STALE_AT = Date.parse("2021-04-06T12:20:00Z");
const UNKNOWN = readFileSync(
  new URL("../../server/market/fixtures/yahoo/unknown-ticker.json", import.meta.url),
);

async function startTrustSite() {
  const stub = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stub");
    const ticker = decodeURIComponent(url.pathname.replace("/v8/finance/chart/", ""));
    const now = Math.floor(Date.now() / 1000);
    const quotes: Record<string, { price: number; time: number; previousClose?: number }> = {
      "1120.SR": { price: 75, time: STALE_AT / 1000, previousClose: 72 },
      "2280.SR": { price: 120, time: now, previousClose: 118 },
      "2222.SR": { price: 25.64, time: now },
    };
    const q = quotes[ticker];
    if (!q || url.searchParams.get("range") !== "1d") {
      return void res.writeHead(404, { "content-type": "application/json" }).end(UNKNOWN);
    }
    const meta = {
      currency: "SAR",
      symbol: ticker,
      regularMarketTime: q.time,
      regularMarketPrice: q.price,
      ...(q.previousClose ? { chartPreviousClose: q.previousClose } : {}),
      dataGranularity: "1d",
      range: "1d",
    };
    const bar = { open: [q.price], high: [q.price], low: [q.price], close: [q.price] };
    res.writeHead(200, { "content-type": "application/json" }).end(
      JSON.stringify({
        chart: { result: [{ meta, timestamp: [q.time], indicators: { quote: [bar] } }], error: null },
      }),
    );
  });
  await new Promise<void>((resolve) => stub.listen(0, "127.0.0.1", resolve));
  const stubPort = (stub.address() as AddressInfo).port;
  try {
    const app = await startAppServer({
      portOffset: 7,
      name: "trust",
      env: {
        MARKET_PROVIDER: "http",
        MARKET_HTTP_URL: `http://127.0.0.1:${stubPort}`,
        MARKET_BUDGETS: "yahoo=600/100000",
      },
    });
    return {
      base: app.baseURL,
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

const freshness = (page: Page) => page.locator('main [data-field="freshness"]').first();

async function createAlert(
  page: Page,
  search: string,
  symbol: string,
  type: "above" | "below",
  target: string,
) {
  await page.getByRole("button", { name: "New Alert" }).click();
  const form = page.getByRole("form", { name: "Create Price Alert" });
  await form.getByRole("combobox", { name: "Symbol" }).fill(search);
  await form.getByRole("option").filter({ hasText: symbol }).first().click();
  if (type === "below") await form.getByLabel("Alert Type").selectOption({ label: "Price goes below" });
  await form.getByLabel("Target Price").fill(target);
  await form.getByRole("button", { name: "Create Alert" }).click();
  const row = page.getByTestId("alert-row").filter({ hasText: symbol });
  await expect(row).toHaveCount(1);
  return row;
}

test("a stale quote is labelled with its full date and fires no alert; a current one does", async ({
  browser,
}) => {
  test.setTimeout(420_000);
  mkdirSync("screenshots", { recursive: true });
  const site = await startTrustSite();
  const context = await browser.newContext({ baseURL: site.base });
  try {
    const page = await context.newPage();
    // The stale trade shows as stale, with its year, in both languages.
    await page.goto("/markets/1120");
    await expect(freshness(page)).toHaveAttribute("data-freshness", "stale", { timeout: 90_000 });
    await expect(freshness(page)).toContainText("6 Apr 2021");
    // An old trade's move is not today's move: no change beside it.
    await expect(page.locator('main [data-field="change"]')).toHaveCount(0);
    await page.screenshot({ path: "screenshots/market-trust-stale-en.png", fullPage: true });
    await page.goto(at("ar", "/markets/1120"));
    await expect(freshness(page)).toHaveAttribute("data-freshness", "stale");
    await expect(freshness(page)).toContainText("2021");
    await page.screenshot({ path: "screenshots/market-trust-stale-ar.png", fullPage: true });

    // A real price without a real previous close: no change at all, not "+0.00".
    await page.goto("/markets/2222");
    await expect(freshness(page)).toContainText("Yahoo Finance", { timeout: 60_000 });
    await expect(page.locator('main [data-field="change"]')).toHaveCount(0);
    await page.screenshot({ path: "screenshots/market-trust-no-change-en.png", fullPage: true });
    await page.goto(at("ar", "/markets/2222"));
    await expect(page.locator('main [data-field="change"]')).toHaveCount(0);
    await page.screenshot({ path: "screenshots/market-trust-no-change-ar.png", fullPage: true });

    // A pegged pair: the official peg, labelled so.
    await page.goto("/markets/usd-qar");
    await expect(freshness(page)).toHaveAttribute("data-freshness", "peg");
    await expect(freshness(page)).toHaveText("Official peg");
    await page.screenshot({ path: "screenshots/market-trust-peg-en.png", fullPage: true });
    await page.goto(at("ar", "/markets/usd-qar"));
    await expect(freshness(page)).toHaveText("سعر الربط الرسمي");
    await page.screenshot({ path: "screenshots/market-trust-peg-ar.png", fullPage: true });

    // Almarai's current quote has arrived (a closed market is refreshed once, so it stays).
    await page.goto("/markets/2280");
    await expect(freshness(page)).toContainText("Yahoo Finance", { timeout: 60_000 });

    await signUpAndSignIn(page, uniqueEmail("market-trust"));
    await page.goto("/price-alerts");
    await hydrated(page);
    // Below 80 holds for the stale 75 (never for Al Rajhi's simulated price): it stays armed.
    // Above 100 holds for Almarai's current 120 (never for its simulated price): it fires.
    const stale = await createAlert(page, "Al Rajhi", "1120", "below", "80");
    const fresh = await createAlert(page, "Almarai", "2280", "above", "100");
    await expect(fresh).toContainText("triggered", { timeout: 60_000 });
    await page.reload();
    await expect(stale).toContainText("active");
  } finally {
    await context.close();
    await site.stop();
  }
});
