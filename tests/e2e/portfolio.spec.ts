import { mkdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "@playwright/test";
import type { Lang } from "~/lib/locale";
import { startAppServer } from "./app-server";
import { at, tr } from "./catalogs";
import { expect, hydrated, type Page, signInAsAdmin, signUpAndSignIn, test, uniqueEmail } from "./fixtures";

// The portfolio page end to end on the production build, in English at 1440 px and in Arabic at
// 390 px: a portfolio with buys and a sale valued on the e2e server's market, a CSV import that is
// refused whole for one bad row, and values that follow a loopback provider's changing price.

const SHOTS = "screenshots";
const VARIANTS: { lang: Lang; width: number }[] = [
  { lang: "en", width: 1440 },
  { lang: "ar", width: 390 },
];
const size = (width: number) => ({ width, height: width < 600 ? 844 : 900 });
const p = (lang: Lang, key: string, vars?: Record<string, unknown>) => tr(lang, `portfolio:${key}`, vars);

/** A date `days` before today, as the date field takes it. */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

async function openPage(page: Page, lang: Lang) {
  await page.goto(at(lang, "/portfolio"));
  await expect(page.getByRole("heading", { level: 1, name: p(lang, "title") })).toBeVisible();
  await hydrated(page);
}

async function createPortfolio(page: Page, lang: Lang, name: string, currency = "SAR") {
  await page.getByLabel(p(lang, "bar.name")).fill(name);
  await page.getByLabel(p(lang, "bar.baseCurrency")).selectOption(currency);
  await page.getByRole("button", { name: p(lang, "bar.create"), exact: true }).click();
  const tabs = page.getByRole("navigation", { name: p(lang, "bar.tabs") });
  await expect(tabs.getByRole("link", { name: new RegExp(name) })).toHaveAttribute("aria-current", "page");
}

interface Trade {
  type: "buy" | "sell" | "deposit";
  date: string;
  symbol?: string;
  quantity?: string;
  price?: string;
  amount?: string;
  commission?: string;
}

/** Fills the add-activity form (the instrument chosen from the site's instrument search). */
async function fillActivity(page: Page, lang: Lang, a: Trade) {
  const form = page.getByTestId("activity-form").first();
  await form.getByLabel(p(lang, "activity.type")).selectOption(a.type);
  await form.getByLabel(p(lang, "activity.date")).fill(a.date);
  if (a.symbol) {
    await form.getByRole("combobox", { name: p(lang, "activity.symbol") }).fill(a.symbol);
    await form.getByRole("option").filter({ hasText: a.symbol }).first().click();
  }
  if (a.quantity) await form.getByLabel(p(lang, "activity.quantity")).fill(a.quantity);
  if (a.price) await form.getByLabel(p(lang, "activity.unitPrice")).fill(a.price);
  if (a.amount) await form.getByLabel(p(lang, "activity.amount")).fill(a.amount);
  if (a.commission) await form.getByLabel(p(lang, "activity.commission")).fill(a.commission);
  return form;
}

async function addActivity(page: Page, lang: Lang, a: Trade) {
  const rows = page.getByTestId("activities").locator("tbody tr");
  const before = await rows.count();
  const form = await fillActivity(page, lang, a);
  await form.getByRole("button", { name: p(lang, "activity.add") }).click();
  await expect(rows).toHaveCount(before + 1);
}

const holding = (page: Page, symbol: string) =>
  page.getByTestId("holdings").locator(`tr[data-symbol="${symbol}"]`);
const cellOf = (page: Page, symbol: string, field: string) =>
  holding(page, symbol).locator(`[data-field="${field}"]`);

/** 390 and 1440 px, light and dark, into the shots folder: the page as a reader sees it. */
async function shoot(page: Page, lang: Lang, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1440]) {
    for (const theme of ["light", "dark"] as const) {
      await page.setViewportSize(size(width));
      await page.emulateMedia({ colorScheme: theme, reducedMotion: "reduce" });
      await expect(page.getByTestId("portfolio")).toBeVisible();
      // From the top, so the sticky header is where a reader sees it.
      await page.evaluate(() => window.scrollTo(0, 0));
      // Nothing wider than the phone: a sideways scroll is a broken layout.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/${name}-${lang}-${width}-${theme}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
}

test("an anonymous reader is asked to sign in, in either language", async ({ page }) => {
  for (const lang of ["en", "ar"] as const) {
    await page.goto(at(lang, "/portfolio"));
    await expect(page.getByTestId("signed-out")).toContainText(p(lang, "signedOut.text"));
    const prompt = page.getByTestId("signed-out");
    await expect(prompt.getByRole("link", { name: p(lang, "signedOut.signIn") })).toHaveAttribute(
      "href",
      /\/auth\?redirectTo=/,
    );
    await expect(page.getByTestId("portfolio")).toHaveCount(0);
  }
});

for (const { lang, width } of VARIANTS) {
  test(`${lang} ${width}px: buys and a sale show holdings, P&L, allocation and the chart against TASI`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(size(width));
    await signUpAndSignIn(page, uniqueEmail(`portfolio-${lang}`));
    if (lang === "en") {
      // The signed-in reader's menu leads to the page.
      await page.getByRole("button", { name: /^Account:/ }).click();
      await page.getByRole("menuitem", { name: "Portfolio" }).click();
    }
    await openPage(page, lang);
    await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
    await expect(page.getByText(p(lang, "bar.empty"))).toBeVisible();
    await createPortfolio(page, lang, "Al Rajhi Capital");

    await addActivity(page, lang, { type: "deposit", date: daysAgo(40), amount: "20000" });
    await addActivity(page, lang, {
      type: "buy",
      date: daysAgo(30),
      symbol: "2222",
      quantity: "100",
      price: "25",
      commission: "15",
    });
    await addActivity(page, lang, {
      type: "buy",
      date: daysAgo(20),
      symbol: "2222",
      quantity: "50",
      price: "28",
    });
    await addActivity(page, lang, {
      type: "buy",
      date: daysAgo(20),
      symbol: "1120",
      quantity: "40",
      price: "80",
    });
    // A sale beyond the holding is refused and changes nothing.
    const rows = page.getByTestId("activities").locator("tbody tr");
    const form = await fillActivity(page, lang, {
      type: "sell",
      date: daysAgo(10),
      symbol: "2222",
      quantity: "1000",
      price: "30",
    });
    const refused = page.waitForResponse(
      (r) => r.url().includes("/activities") && r.request().method() === "POST",
    );
    await form.getByRole("button", { name: p(lang, "activity.add") }).click();
    expect((await refused).status()).toBe(400);
    await expect(form.locator('[aria-invalid="true"]').or(form.getByRole("alert")).first()).toBeVisible();
    await expect(rows).toHaveCount(4);
    await form.getByLabel(p(lang, "activity.quantity")).fill("");
    await addActivity(page, lang, {
      type: "sell",
      date: daysAgo(10),
      symbol: "2222",
      quantity: "30",
      price: "30",
    });

    // Holdings: 150 bought, 30 sold; the sale realised a gain over the weighted average cost.
    await expect(holding(page, "2222").locator("td").first()).toHaveText(/120|١٢٠/);
    await expect(cellOf(page, "2222", "realised")).toHaveClass(/emerald/);
    await expect(cellOf(page, "2222", "market-value")).not.toHaveText(p(lang, "holdings.noPrice"));
    await expect(holding(page, "1120")).toBeVisible();
    await expect(holding(page, "2222").locator('[data-field="freshness"]')).toBeVisible();
    // The e2e server's market is simulated: the valuation says so.
    await expect(page.getByTestId("simulated-note")).toHaveText(p(lang, "holdings.simulated"));

    // Allocation: three charts, each with its table.
    const charts = page.getByTestId("allocation");
    await expect(charts).toHaveCount(3);
    await expect(charts.first().locator("svg circle")).not.toHaveCount(0);
    await expect(charts.first().locator("tbody tr")).not.toHaveCount(0);

    // Performance against TASI: the chart draws both lines from 100.
    const chart = page.getByTestId("performance-chart");
    await chart.scrollIntoViewIfNeeded();
    await expect(chart).toHaveAttribute("data-compare", "TASI");
    await expect(chart.locator("canvas").first()).toBeVisible();
    await expect(chart.locator('[role="img"]')).toHaveAttribute("data-drawn", "true");
    await expect(page.getByTestId("compare-legend")).toContainText("TASI");
    await expect(page.getByTestId("returns").locator('tr[data-period="MAX"] td').first()).not.toHaveText(
      p(lang, "performance.na"),
    );
    await expect(page.getByTestId("zakat")).toContainText(p(lang, "zakat.heading"));

    await shoot(page, lang, "portfolio");

    // Deleting the sale (after the browser's confirmation) puts its 30 shares back.
    page.once("dialog", (dialog) => void dialog.accept());
    const sale = p(lang, "activity.deleteOne", {
      type: p(lang, "types.sell"),
      date: await page
        .getByTestId("activities")
        .locator("tbody tr")
        .first()
        .locator("td")
        .first()
        .innerText(),
    });
    await page.getByRole("button", { name: sale }).click();
    await expect(rows).toHaveCount(4);
    await expect(holding(page, "2222").locator("td").first()).toHaveText(/150|١٥٠/);
  });

  test(`${lang} ${width}px: a CSV with one bad row is refused whole; fixed, it imports`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(size(width));
    await signUpAndSignIn(page, uniqueEmail(`portfolio-csv-${lang}`));
    await openPage(page, lang);
    await createPortfolio(page, lang, "Derayah");
    const header = "type,date,symbol,quantity,unitPrice,currency,commission,vat,amount";
    const good = [`deposit,${daysAgo(40)},,,,SAR,,,10000`, `buy,${daysAgo(30)},2222,100,25,SAR,10,1.5,`];
    const bad = `buy,${daysAgo(29)},2222,lots,26,SAR,,,`;
    const fixed = `buy,${daysAgo(29)},2222,20,26,SAR,,,`;
    const importer = page.getByTestId("import");
    const content = importer.getByLabel(p(lang, "import.content"));

    await content.fill([header, ...good, bad].join("\n"));
    // The mapping is read from the header.
    await expect(importer.getByLabel(p(lang, "import.fields.unitPrice"))).toHaveValue("unitPrice");
    await importer.getByRole("button", { name: p(lang, "import.run"), exact: true }).click();
    const result = page.getByTestId("import-result");
    await expect(result).toHaveAttribute("data-outcome", "refused");
    await expect(result.locator('tr[data-valid="false"]')).toHaveCount(1);
    await expect(result.locator('tr[data-row="3"]')).toHaveAttribute("data-valid", "false");
    // Nothing was written.
    await page.reload();
    await hydrated(page);
    await expect(page.getByText(p(lang, "activity.empty"))).toBeVisible();

    await importer.getByLabel(p(lang, "import.content")).fill([header, ...good, fixed].join("\n"));
    await importer.getByRole("button", { name: p(lang, "import.dryRun") }).click();
    await expect(result).toHaveAttribute("data-outcome", "checked");
    await expect(page.getByTestId("activities")).toHaveCount(0);
    await importer.getByRole("button", { name: p(lang, "import.run"), exact: true }).click();
    await expect(result).toHaveAttribute("data-outcome", "written");
    await expect(result).toContainText(p(lang, "import.written", { count: 3 }));
    await expect(page.getByTestId("activities").locator("tbody tr")).toHaveCount(3);
    await expect(holding(page, "2222").locator("td").first()).toHaveText(/120|١٢٠/);
    // The export offers the three formats.
    for (const format of ["csv", "json", "ghostfolio"]) {
      await expect(page.locator(`a[data-export="${format}"]`)).toHaveAttribute(
        "href",
        new RegExp(`format=${format}`),
      );
    }
  });
}

// Yahoo's answer for a ticker it does not know: any other instrument (an error body would make the
// source back off as a whole, BTC included).
const UNKNOWN = readFileSync(
  new URL("../../server/market/fixtures/yahoo/unknown-ticker.json", import.meta.url),
);

/** BTC's price on loopback: Yahoo's chart shape, a new price on every request. */
async function startMovingMarket() {
  let price = 95_000;
  const stub = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stub");
    const ticker = decodeURIComponent(url.pathname.replace("/v8/finance/chart/", ""));
    if (ticker !== "BTC-USD" || url.searchParams.get("range") !== "1d")
      return void res.writeHead(404, { "content-type": "application/json" }).end(UNKNOWN);
    price += 250;
    const now = Math.floor(Date.now() / 1000);
    const meta = {
      currency: "USD",
      symbol: ticker,
      regularMarketTime: now,
      regularMarketPrice: price,
      chartPreviousClose: 95_000,
      dataGranularity: "1d",
      range: "1d",
    };
    const bar = { open: [price], high: [price], low: [price], close: [price] };
    res.writeHead(200, { "content-type": "application/json" }).end(
      JSON.stringify({
        chart: { result: [{ meta, timestamp: [now], indicators: { quote: [bar] } }], error: null },
      }),
    );
  });
  await new Promise<void>((resolve) => stub.listen(0, "127.0.0.1", resolve));
  const stubPort = (stub.address() as AddressInfo).port;
  try {
    const app = await startAppServer({
      portOffset: 83,
      name: "portfolio-live",
      env: {
        MARKET_PROVIDER: "http",
        MARKET_HTTP_URL: `http://127.0.0.1:${stubPort}`,
        // Room for every listing's first (unknown) answer and a BTC quote on every tick after it.
        MARKET_BUDGETS: "yahoo=100000/10000000",
      },
    });
    return {
      base: app.baseURL,
      /** How many quotes the stub has answered (each one a new price). */
      answered: () => (price - 95_000) / 250,
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

type MovingMarket = Awaited<ReturnType<typeof startMovingMarket>>;

async function watchValueMove(browser: Browser, site: MovingMarket, lang: Lang, width: number) {
  const context = await browser.newContext({ baseURL: site.base, viewport: size(width) });
  const stubSaid = () => `the stub answered ${site.answered()} quotes`;
  try {
    const page = await context.newPage();
    await signUpAndSignIn(page, uniqueEmail(`portfolio-live-${lang}`));
    await openPage(page, lang);
    await createPortfolio(page, lang, "Crypto", "USD");
    await addActivity(page, lang, {
      type: "buy",
      date: daysAgo(5),
      symbol: "BTC",
      quantity: "1",
      price: "90000",
    });
    const value = cellOf(page, "BTC", "market-value");
    await expect(value).not.toHaveText(p(lang, "holdings.noPrice"));
    const first = await value.textContent();
    // No reload: the stream's ticks refresh the valuation.
    await expect.poll(() => value.textContent(), { timeout: 45_000, message: stubSaid() }).not.toBe(first);
    const total = page.locator('[data-total="value"] dd');
    const totalBefore = await total.textContent();
    await expect
      .poll(() => total.textContent(), { timeout: 45_000, message: stubSaid() })
      .not.toBe(totalBefore);
  } finally {
    await context.close();
  }
}

test("a dividend paid on shares held on the ex-date is proposed and added in one click; a portfolio alert is set and removed", async ({
  page,
}) => {
  const lang = "en";
  await signInAsAdmin(page);
  // The site's dividend history: an editor's distribution of Al Rajhi (1120), ex-date five days ago.
  const saved = await page.request.post("/api/admin/dividends", {
    data: {
      symbol: "1120",
      exDate: daysAgo(5),
      paymentDate: daysAgo(2),
      amount: "0.75",
      currency: "SAR",
      sourceUrl: "https://www.saudiexchange.sa/announcement-e2e-portfolio",
    },
  });
  expect(saved.ok()).toBe(true);
  await openPage(page, lang);
  await createPortfolio(page, lang, "Proposals");
  await addActivity(page, lang, {
    type: "buy",
    date: daysAgo(30),
    symbol: "1120",
    quantity: "200",
    price: "80",
  });

  const proposals = page.getByTestId("proposals");
  await expect(proposals).toContainText("You held 200 shares of 1120 on the ex-date");
  await proposals.getByRole("button", { name: p(lang, "proposals.accept") }).click();
  await expect(page.getByText(p(lang, "proposals.accepted"))).toBeVisible();
  await expect(proposals).toHaveCount(0);
  const rows = page.getByTestId("activities").locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(p(lang, "types.dividend"));
  await expect(rows.first()).toContainText("150"); // 200 × 0.75 SAR

  // A portfolio alert: a bad threshold is refused beside its field, a good one is listed, then removed.
  const alerts = page.getByRole("region", { name: p(lang, "alerts.heading") });
  await alerts.getByLabel(p(lang, "alerts.threshold")).fill("abc");
  await alerts.getByRole("button", { name: p(lang, "alerts.add") }).click();
  await expect(alerts.locator('[aria-invalid="true"]')).toBeVisible();
  await expect(alerts.getByText(p(lang, "alerts.none"))).toBeVisible();
  await alerts.getByLabel(p(lang, "alerts.threshold")).fill("3");
  await alerts.getByRole("button", { name: p(lang, "alerts.add") }).click();
  const summary = p(lang, "alerts.summary.day-move", { threshold: "3.0%" });
  await expect(page.getByTestId("portfolio-alerts")).toHaveText(summary);
  await alerts.getByRole("button", { name: p(lang, "alerts.remove", { summary }) }).click();
  await expect(alerts.getByText(p(lang, "alerts.none"))).toBeVisible();
});

test("values move live as the loopback provider's price changes, in both languages", async ({ browser }) => {
  test.setTimeout(420_000);
  const site = await startMovingMarket();
  try {
    for (const { lang, width } of VARIANTS) await watchValueMove(browser, site, lang, width);
  } finally {
    await site.stop();
  }
});
