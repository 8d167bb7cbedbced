import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "./fixtures";

const SHOTS = "screenshots";

async function openTab(page: Page, name: string) {
  await page.getByRole("tab", { name }).click();
  await expect(page.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");
}

test.describe("news analytics dashboard", () => {
  test("sentiment card and the RSS News tab show every field", async ({ page }) => {
    await page.goto("/news-analytics");
    await expect(page.getByRole("heading", { level: 1, name: "Gulf News Analytics" })).toBeVisible();
    await expect(page.getByText("AI-powered insights from Gulf financial markets")).toBeVisible();
    await expect(page.getByRole("button", { name: "Refresh Analysis" })).toBeVisible();

    const overall = page.getByTestId("overall-sentiment");
    await expect(overall).toHaveText(/^(BULLISH|BEARISH|NEUTRAL)$/);
    // Spec: bullish green, bearish red, neutral grey.
    const word = (await overall.textContent()) as "BULLISH" | "BEARISH" | "NEUTRAL";
    const tone = ({ BULLISH: "up", BEARISH: "down", NEUTRAL: "flat" } as const)[word];
    await expect(overall).toHaveAttribute("data-tone", tone);
    await expect(overall).toHaveClass(
      { up: /text-emerald-600/, down: /text-red-600/, flat: /text-slate-500/ }[tone],
    );
    await expect(page.getByTestId("overall-confidence")).toHaveText(/^(85|70)%$/);
    await expect(page.getByTestId("sectors-count")).toHaveText(/^[1-9]\d*$/);
    await expect(page.getByText(/recent headlines, \d+ read positive/)).toBeVisible();

    // RSS News is the default tab.
    await expect(page.getByRole("tab", { name: "RSS News" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("heading", { name: "Live RSS Feeds" })).toBeVisible();
    const items = page.getByTestId("news-item");
    expect(await items.count()).toBeGreaterThanOrEqual(10);
    const first = items.first();
    await expect(first.getByRole("heading")).not.toBeEmpty();
    await expect(first.getByTestId("news-source")).toHaveText(/sample feed|.+/);
    await expect(first.getByTestId("news-date")).toHaveText(/^\w{3}, \d{1,2} \w{3} \d{4}, \d\d:\d\d GMT$/);
    await expect(first.getByTestId("news-category")).not.toBeEmpty();
    await expect(first.getByTestId("news-description")).not.toBeEmpty();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/analytics-news-${width}.png`, fullPage: true });
    }
    // Arabic stories lead the Arabic page (the English page reads the English feeds first), kept
    // intact and laid out right to left.
    await page.goto("/ar/news-analytics");
    const arabic = page.getByTestId("news-item").filter({ hasText: "ارتفاع مؤشر السوق السعودية" });
    await expect(arabic).toHaveAttribute("lang", "ar");
    await expect(arabic.getByRole("heading")).toHaveAttribute("dir", "rtl");
  });

  test("AI Summaries: five items with badges, key points and a confidence bar", async ({ page }) => {
    await page.goto("/news-analytics");
    await openTab(page, "AI Summaries");
    const summaries = page.getByTestId("summary");
    await expect(summaries).toHaveCount(5);
    for (const s of await summaries.all()) {
      await expect(s.getByRole("heading").first()).not.toBeEmpty();
      await expect(s.getByTestId("sentiment-badge")).toHaveText(
        /^(positive|bullish|negative|bearish|neutral)$/,
      );
      await expect(s.getByText(/^(low|medium|high) impact$/)).toBeVisible();
      await expect(s.getByTestId("summary-text")).not.toBeEmpty();
      await expect(s.getByRole("heading", { name: "Key points" })).toBeVisible();
      expect(await s.getByTestId("key-points").locator("li").count()).toBeGreaterThan(0);
      const bar = s.getByRole("progressbar");
      await expect(bar).toHaveAttribute("aria-valuemax", "100");
      const value = Number(await bar.getAttribute("aria-valuenow"));
      expect(value).toBeGreaterThan(0);
      expect(value).toBeLessThanOrEqual(100);
      await expect(s.getByTestId("summary-confidence")).toHaveText(`${value}%`);
    }
    await expect(page.getByText("offline analysis engine")).toBeVisible();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/analytics-summaries-${width}.png`, fullPage: true });
    }
  });

  test("Economic Calendar: fields in the reader's zone, filters, day range and the iCalendar feed", async ({
    page,
  }) => {
    await page.goto("/news-analytics");
    await openTab(page, "Economic Calendar");
    const events = page.getByTestId("calendar-event");
    await expect(events.first()).toBeVisible();
    const month = await events.count();
    expect(month).toBeGreaterThan(5);
    const first = events.first();
    await expect(first.getByRole("heading")).not.toBeEmpty();
    await expect(first.getByTestId("event-country")).not.toBeEmpty();
    await expect(first.getByTestId("event-category")).not.toBeEmpty();
    await expect(first.getByTestId("event-date")).toHaveText(/^\w{3}, \d{1,2} \w{3} \d{4}$/);
    // Times are in the reader's zone (this browser's: UTC), named above the list.
    await expect(page.getByTestId("time-zone-name")).toContainText("(UTC)");
    await expect(first.getByTestId("event-time")).toHaveText(/^\d\d:\d\d$/);
    await expect(first.getByText(/^(high|medium|low)$/)).toBeVisible();
    await expect(page.getByText("Impact:").first()).toBeVisible();
    await expect(page.getByText("Forecast:").first()).toBeVisible();
    await expect(page.getByText("Previous:").first()).toBeVisible();
    // The Fed decides at 2 p.m. New York time: 19:00 GMT in winter, 18:00 GMT in summer.
    const fed = events.filter({ hasText: "Fed Interest Rate Decision" }).first();
    if (await fed.count()) await expect(fed.getByTestId("event-time")).toHaveText(/^(18|19):00$/);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/analytics-calendar-${width}.png`, fullPage: true });
    }

    await page.getByLabel("Period").selectOption("90");
    await expect(page).toHaveURL(/days=90/);
    await expect.poll(() => events.count()).toBeGreaterThan(month);

    await page.getByLabel("Country").selectOption("Saudi Arabia");
    await expect(page).toHaveURL(/country=Saudi\+Arabia/);
    await expect(page.getByRole("tab", { name: "Economic Calendar" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect
      .poll(async () => new Set(await page.getByTestId("event-country").allTextContents()))
      .toEqual(new Set(["Saudi Arabia"]));

    await page.getByLabel("Importance").selectOption("high");
    await expect(page).toHaveURL(/importance=high/);
    await expect
      .poll(
        async () =>
          new Set(
            await events
              .locator("[data-importance]")
              .evaluateAll((els) => els.map((e) => e.getAttribute("data-importance"))),
          ),
      )
      .toEqual(new Set(["high"]));

    const href = await page.getByRole("link", { name: "Subscribe (iCalendar)" }).getAttribute("href");
    expect(href).toBe("/calendar.ics?country=Saudi+Arabia&importance=high");
    const ics = await page.request.get(href!);
    expect(ics.headers()["content-type"]).toContain("text/calendar");
    const body = await ics.text();
    expect(body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(body).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    expect(body).toContain("(Saudi Arabia)");
    expect(body).not.toContain("(UAE)");
  });

  test("Education: the spec's six cards in two sections", async ({ page }) => {
    await page.goto("/news-analytics?tab=education");
    await expect(page.getByRole("tab", { name: "Education" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("heading", { name: "Market Fundamentals" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Trading Strategies" })).toBeVisible();
    const titles = await page.getByTestId("education-card").getByRole("heading").allTextContents();
    expect(titles).toEqual([
      "Understanding Gulf Stock Markets",
      "Currency Trading in the Gulf",
      "Oil Market Impact",
      "Technical Analysis Basics",
      "Risk Management",
      "Islamic Finance Principles",
    ]);
    await expect(page.getByText(/TADAWUL, DFM and ADX/)).toBeVisible();
    await expect(page.getByText(/AED and SAR/)).toBeVisible();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/analytics-education-${width}.png`, fullPage: true });
    }
  });

  test("Refresh Analysis shows the loading spinner and recomputes the analysis", async ({ page }) => {
    await page.goto("/news-analytics");
    const stamp = page.getByTestId("analysed-at");
    await expect(stamp).toHaveText(/^Last analysed .+ GMT$/);
    const before = await stamp.textContent();
    await page.waitForTimeout(1100);
    // Hold the action's response briefly so the loading state is observable.
    await page.route("**/news-analytics.data*", async (route) => {
      if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await page.getByRole("button", { name: "Refresh Analysis" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Loading news analytics dashboard..." }),
    ).toBeVisible();
    await expect(stamp).toBeVisible();
    await expect(stamp).not.toHaveText(before!);
    await expect(page.getByTestId("overall-sentiment")).toHaveText(/^(BULLISH|BEARISH|NEUTRAL)$/);
  });

  test("works without JavaScript: the server renders the dashboard", async ({ page }) => {
    const res = await page.request.get("/news-analytics");
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain("Gulf News Analytics");
    expect(html).toContain("Live RSS Feeds");
    expect(html).toContain("Refresh Analysis");
    expect(html).not.toMatch(/<script>alert|onerror=/);
  });

  test("has no serious accessibility violations on any tab", async ({ page }) => {
    for (const tab of ["news", "summaries", "calendar", "education"]) {
      await page.goto(`/news-analytics?tab=${tab}`);
      await expect(page.getByRole("tablist")).toBeVisible();
      const { violations } = await new AxeBuilder({ page }).include("main").analyze();
      const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious.map((v) => `${tab}: ${v.id} ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
    }
  });
});
