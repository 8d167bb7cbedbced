import { mkdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { startAppServer } from "./app-server";
import { expect, hydrated, type Page, signUpAndSignIn, test, uniqueEmail } from "./fixtures";

const UNKNOWN = readFileSync(
  new URL("../../server/market/fixtures/yahoo/unknown-ticker.json", import.meta.url),
);

const TEXT = {
  en: {
    exchange: "Exchange",
    from: "Change % from",
    screen: "Screen",
    value: "Value traded",
    csv: "Download CSV",
  },
  ar: { exchange: "السوق", from: "التغيّر % من", screen: "افرز", value: "قيمة التداول", csv: "تنزيل CSV" },
};

test.describe("screener", () => {
  test.describe.configure({ timeout: 180_000 });

  test("a screen “Tadawul, change above 1%, sorted by value traded” shows what /api/screener answers, keeps its state in the address and exports CSV; in English and Arabic at 1440 and 390 px", async ({
    page,
  }) => {
    for (const lang of ["en", "ar"] as const) {
      const prefix = lang === "ar" ? "/ar" : "";
      const text = TEXT[lang];
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${prefix}/screener`);
        await hydrated(page);
        await page.getByRole("combobox", { name: text.exchange, exact: true }).selectOption("TADAWUL");
        // The simulator keeps a day within about ±2%: above 1% leaves a handful of companies to compare.
        await page.getByLabel(text.from).fill("1");
        await page.getByRole("button", { name: text.screen }).click();
        await expect(page).toHaveURL(/exchange=TADAWUL/);
        await expect(page).toHaveURL(/changePercentMin=1/);
        // Sorted by value traded, highest first: the column head says so.
        const url = new URL(page.url());
        expect(url.searchParams.get("sort")).toBe("valueTraded");
        expect(url.searchParams.get("order")).toBe("desc");
        await expect(page.getByRole("columnheader", { name: new RegExp(text.value) })).toHaveAttribute(
          "aria-sort",
          "descending",
        );
        // The page's rows are the API's for the same screen (prices move each tick: asked together until they agree).
        await expect(async () => {
          await page.reload();
          const api = await (await page.request.get(`/api/screener${url.search}`)).json();
          const shown = await page
            .getByTestId("screener-row")
            .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-symbol")));
          expect(api.total).toBeGreaterThan(0);
          expect(shown).toEqual(api.rows.map((r: { symbol: string }) => r.symbol));
          for (const r of api.rows) {
            expect(r.exchange).toBe("TADAWUL");
            expect(r.changePercent).toBeGreaterThanOrEqual(1);
          }
        }).toPass({ timeout: 60_000 });
        await page.screenshot({
          path: `screenshots/screener-${lang}-${width}.png`,
          fullPage: width === 1440,
        });
        // The CSV export carries the same screen.
        const csvHref = await page.getByRole("link", { name: text.csv }).getAttribute("href");
        expect(csvHref).toContain("exchange=TADAWUL");
        const csv = await (await page.request.get(csvHref!)).text();
        expect(csv.split("\r\n")[0]).toBe(
          "symbol,name,nameAr,exchange,sector,price,changePercent,volume,valueTraded,marketCap,high52w,low52w,shariah,dividendYield,freshness",
        );
        // A bad value is refused with a message naming the field, in the page's language.
        await page.goto(`${prefix}/screener?priceMin=cheap`);
        await expect(page.getByRole("alert")).toContainText("priceMin");
      }
    }
  });
});

test.describe("screener by Shariah status", () => {
  test("“Compliant” keeps the companies every ruling board rules compliant, as /api/screener answers, and shows each row's status", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/screener");
    await hydrated(page);
    await page.getByRole("combobox", { name: "Shariah status" }).selectOption("compliant");
    await page.getByRole("button", { name: "Screen" }).click();
    await expect(page).toHaveURL(/shariah=compliant/);
    // The shipped rulings are read within a minute of the first start: asked until they are in.
    await expect(async () => {
      await page.reload();
      const api = await (await page.request.get("/api/screener?shariah=compliant&limit=50")).json();
      expect(api.total).toBeGreaterThan(0);
      for (const r of api.rows) expect(r.shariah).toBe("compliant");
      const shown = await page
        .getByTestId("screener-row")
        .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-symbol")));
      expect(shown).toEqual(api.rows.map((r: { symbol: string }) => r.symbol));
    }).toPass({ timeout: 120_000 });
    const statuses = await page.getByTestId("screener-shariah").allTextContents();
    expect(new Set(statuses)).toEqual(new Set(["Compliant"]));
  });
});

// A second app server whose only market source is a Yahoo-chart-shaped stub on loopback serving
// chosen prices for every Tadawul ticker (10 SAR, unchanged from a previous close of 10, unless
// chosen), so "change above 2%" is exactly the chosen companies, whatever the simulator does.
const CHOSEN: Record<string, number> = { "1010.SR": 10.3, "1020.SR": 10.5, "1030.SR": 10.25, "1050.SR": 10 };
const MOVERS = ["1010", "1020", "1030"];
const SHOTS = "screenshots";

async function startStubSite() {
  const prices = { ...CHOSEN };
  const stub = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stub");
    const ticker = decodeURIComponent(url.pathname.replace("/v8/finance/chart/", ""));
    if (!ticker.endsWith(".SR") || url.searchParams.get("range") !== "1d") {
      return void res.writeHead(404, { "content-type": "application/json" }).end(UNKNOWN);
    }
    const price = prices[ticker] ?? 10;
    const time = Math.floor(Date.now() / 1000);
    const meta = {
      currency: "SAR",
      symbol: ticker,
      regularMarketTime: time,
      regularMarketPrice: price,
      chartPreviousClose: 10,
      dataGranularity: "1d",
      range: "1d",
    };
    const bar = { open: [price], high: [price], low: [price], close: [price] };
    res.writeHead(200, { "content-type": "application/json" }).end(
      JSON.stringify({
        chart: { result: [{ meta, timestamp: [time], indicators: { quote: [bar] } }], error: null },
      }),
    );
  });
  await new Promise<void>((resolve) => stub.listen(0, "127.0.0.1", resolve));
  const env = {
    MARKET_PROVIDER: "http",
    MARKET_HTTP_URL: `http://127.0.0.1:${(stub.address() as AddressInfo).port}`,
    MARKET_BUDGETS: "yahoo=3000/1000000",
  };
  let app = await startAppServer({ portOffset: 91, name: "screens", env }).catch((err) => {
    stub.close();
    throw err;
  });
  return {
    base: app.baseURL,
    prices,
    /** A closed market is asked once per session: a new process asks again (the data kept). */
    async restart() {
      await app.stop({ keepData: true });
      app = await startAppServer({ portOffset: 91, name: "screens", env, keepData: true });
    },
    async stop() {
      await app.stop();
      stub.close();
    },
  };
}

const SCREEN = "?exchange=TADAWUL&changePercentMin=2";

async function rowsMatchApi(page: Page, path: string) {
  await expect(async () => {
    await page.goto(path);
    const api = await (await page.request.get(`/api/screener${SCREEN}`)).json();
    const shown = await page
      .getByTestId("screener-row")
      .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-symbol")));
    expect(api.rows.map((r: { symbol: string }) => r.symbol).sort()).toEqual(MOVERS);
    expect(shown).toEqual(api.rows.map((r: { symbol: string }) => r.symbol));
  }).toPass({ timeout: 480_000 });
}

test.describe("screener on chosen prices", () => {
  test("“Tadawul, change above 2%, sorted by value traded” is the API's answer; a saved screen tells its reader when a company moves into it", async ({
    browser,
  }) => {
    test.setTimeout(1_500_000);
    mkdirSync(SHOTS, { recursive: true });
    const site = await startStubSite();
    const context = await browser.newContext({ baseURL: site.base });
    try {
      const page = await context.newPage();
      for (const lang of ["en", "ar"] as const) {
        for (const width of [1440, 390]) {
          await page.setViewportSize({ width, height: 900 });
          await rowsMatchApi(page, `${lang === "ar" ? "/ar" : ""}/screener${SCREEN}`);
        }
      }
      // Saved under a name by a signed-in reader, with its three companies.
      await signUpAndSignIn(page, uniqueEmail("screens"));
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(`/screener${SCREEN}`);
      await hydrated(page);
      await page.getByLabel("Screen name").fill("Saudi movers");
      await page.getByRole("button", { name: "Save screen" }).click();
      await expect(page.getByRole("status")).toHaveText("Screen saved.");
      const saved = page.getByTestId("saved-screen").filter({ hasText: "Saudi movers" });
      await expect(saved).toContainText("Companies in it now: 3");
      await expect(saved.getByRole("link", { name: "Saudi movers" })).toHaveAttribute(
        "href",
        `/screener${SCREEN}`,
      );
      await page.screenshot({ path: `${SHOTS}/screens-en-1440.png`, fullPage: true });
      // In Arabic: another screen saved, renamed and deleted; the first one listed with its count.
      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/ar/screener${SCREEN}`);
        await hydrated(page);
        await expect(page.getByTestId("saved-screen").filter({ hasText: "Saudi movers" })).toContainText(
          /الشركات فيه الآن: (3|٣)/,
        );
        await page.screenshot({ path: `${SHOTS}/screens-ar-${width}.png`, fullPage: true });
      }
      await page.getByLabel("اسم الفرز").fill("مؤقت");
      await page.getByRole("button", { name: "احفظ الفرز" }).click();
      await expect(page.getByRole("status")).toHaveText("حُفظ الفرز.");
      // Listed in the order saved: the second is the new one (its name is an input while renamed).
      const temp = page.getByTestId("saved-screen").nth(1);
      await expect(temp).toContainText("مؤقت");
      await temp.getByRole("button", { name: "إعادة التسمية" }).click();
      await temp.getByLabel("اسم جديد لـ«مؤقت»").fill("مؤقت آخر");
      await temp.getByRole("button", { name: "احفظ الاسم" }).click();
      const renamed = page.getByTestId("saved-screen").filter({ hasText: "مؤقت آخر" });
      await expect(renamed).toHaveCount(1);
      await renamed.getByRole("button", { name: "احذف «مؤقت آخر»" }).click();
      await expect(page.getByTestId("saved-screen")).toHaveCount(1);

      // Banque Saudi Fransi moves up 7%: the next process that asks the source sees it enter.
      site.prices["1050.SR"] = 10.7;
      await site.restart();
      // Its page open: the source asks about it first.
      await page.goto("/markets/1050");
      await page.setViewportSize({ width: 390, height: 900 });
      await expect(async () => {
        await page.goto("/screener");
        await expect(page.getByTestId("notification-bell")).toHaveAccessibleName(
          /Notifications: \d+ unread/,
          {
            timeout: 2_000,
          },
        );
      }).toPass({ timeout: 480_000 });
      await page.getByTestId("notification-bell").click();
      await expect(
        page.getByText("Banque Saudi Fransi entered your screen “Saudi movers”").first(),
      ).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/screens-alert-en-390.png`, fullPage: true });
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.screenshot({ path: `${SHOTS}/screens-alert-en-1440.png`, fullPage: true });
    } finally {
      // The second server goes even when closing the browser context fails.
      try {
        await context.close();
      } finally {
        await site.stop();
      }
    }
  });
});
