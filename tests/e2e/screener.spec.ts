import { expect, hydrated, test } from "./fixtures";

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
          "symbol,name,nameAr,exchange,sector,price,changePercent,volume,valueTraded,marketCap,high52w,low52w,freshness",
        );
        // A bad value is refused with a message naming the field, in the page's language.
        await page.goto(`${prefix}/screener?priceMin=cheap`);
        await expect(page.getByRole("alert")).toContainText("priceMin");
      }
    }
  });
});
