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
