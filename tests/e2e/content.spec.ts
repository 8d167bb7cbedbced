import { expect, hydrated, type Page, signInAsAdmin, test } from "./fixtures";

const WIDTHS = [375, 1280] as const;

async function screenshots(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `screenshots/content-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe("news pages", () => {
  test("economic news: three articles with category and relative time, then an article page", async ({
    page,
  }) => {
    await page.goto("/news/economic");
    await expect(page.getByRole("heading", { level: 1, name: "Economic News" })).toBeVisible();
    const cards = page.getByTestId("article-card");
    await expect(cards).toHaveCount(3);
    await expect(cards.first()).toContainText(/\d+ (minutes?|hours?|days?) ago/);
    await expect(page.getByText("Economic Growth", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Latest from the wires" })).toBeVisible();
    await screenshots(page, "news-economic");

    await page
      .getByRole("link", { name: "Saudi inflation stays contained as housing costs cool", exact: true })
      .click();
    await expect(page).toHaveURL(/\/news\/article\/saudi-inflation-stays-contained$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Saudi inflation stays contained as housing costs cool" }),
    ).toBeVisible();
    await expect(
      page.getByRole("heading", { level: 2, name: "Housing is still the main driver" }),
    ).toBeVisible();
    await expect(page.getByText(/Published \d+ \w{3} \d{4}, \d\d:\d\d GMT/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "More from Economic News" })).toBeVisible();
    await screenshots(page, "article");
    await page.getByRole("link", { name: "Back to Economic News" }).click();
    await expect(page).toHaveURL(/\/news\/economic$/);
  });

  test("breaking news: LIVE badge and urgent, high and medium priorities", async ({ page }) => {
    await page.goto("/news/breaking");
    await expect(page.getByRole("heading", { level: 1, name: "Breaking News" })).toBeVisible();
    await expect(page.locator("h1 + span", { hasText: "LIVE" })).toBeVisible();
    for (const p of ["urgent", "high", "medium"]) {
      await expect(page.locator(`[data-priority="${p}"]`)).toHaveCount(1);
    }
    // Newest first: the urgent OPEC+ item was published most recently.
    await expect(page.getByTestId("article-card").first()).toContainText("OPEC+");
    await screenshots(page, "news-breaking");
  });

  test("central bank news: each item names its bank", async ({ page }) => {
    await page.goto("/news/central-bank");
    await expect(page.getByTestId("article-card")).toHaveCount(3);
    for (const bank of [
      "Saudi Central Bank (SAMA)",
      "Central Bank of the UAE (CBUAE)",
      "Central Bank of Kuwait (CBK)",
    ]) {
      await expect(page.getByText(bank, { exact: true })).toBeVisible();
    }
  });

  test("unknown articles are the 404 page; a broker analysis slug moves to its own path", async ({
    page,
  }) => {
    const res = await page.goto("/news/article/no-such-article");
    expect(res?.status()).toBe(404);
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
    const moved = await page.request.get("/news/article/broker-cost-analysis", { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe("/brokers/analysis/broker-cost-analysis");
  });
});

test.describe("broker pages", () => {
  test("recommended brokers: rating out of 5, regulators, deposit, spread, features, Visit Broker", async ({
    page,
  }) => {
    await page.goto("/brokers/recommended");
    const cards = page.getByTestId("broker-card");
    expect(await cards.count()).toBeGreaterThanOrEqual(3);
    const falcon = cards.filter({ hasText: "Falcon Markets" });
    await expect(falcon).toContainText("4.8/5");
    await expect(falcon.getByRole("img", { name: "Rated 4.8 out of 5" })).toBeVisible();
    await expect(falcon).toContainText("DFSA");
    await expect(falcon).toContainText("Minimum deposit$100");
    await expect(falcon).toContainText("SpreadFrom 0.1 pips");
    await expect(falcon.getByText("Islamic accounts")).toBeVisible();
    const visit = falcon.getByRole("link", { name: /Visit Broker/ });
    await expect(visit).toHaveText("Visit Broker");
    await expect(visit).toHaveAttribute("href", "https://falcon-markets.example");
    await expect(visit).toHaveAttribute("target", "_blank");
    await expect(visit).toHaveAttribute("rel", /noopener/);
    await screenshots(page, "brokers-recommended");
  });

  test("brokers analysis: performance, regulatory and cost articles", async ({ page }) => {
    await page.goto("/brokers/analysis");
    await expect(page.getByTestId("article-card")).toHaveCount(3);
    for (const c of ["Performance Review", "Regulatory Analysis", "Cost Analysis"]) {
      await expect(page.getByText(c, { exact: true })).toBeVisible();
    }
    await page
      .getByRole("link", { name: "Regulatory analysis: who supervises brokers in the Gulf", exact: true })
      .click();
    await expect(page).toHaveURL(/\/brokers\/analysis\/broker-regulation-in-the-gulf$/);
    await expect(page.getByRole("heading", { level: 2, name: "United Arab Emirates" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Brokers Analysis" }).click();
    await expect(page).toHaveURL(/\/brokers\/analysis$/);
  });

  test("blacklisted brokers: warning banner, severities, dates, reasons and Report Issue", async ({
    page,
  }) => {
    await page.goto("/brokers/blacklisted");
    await expect(
      page.getByRole("complementary", { name: "Warning: do not deposit with these firms" }),
    ).toBeVisible();
    const entries = page.getByTestId("blacklist-entry");
    expect(await entries.count()).toBeGreaterThanOrEqual(3);
    for (const label of ["URGENT RISK", "HIGH RISK", "MEDIUM RISK"]) {
      await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
    }
    const crown = entries.filter({ hasText: "Gulf Crown FX" });
    await expect(crown).toContainText(/Date added\d+ \w{3} \d{4}/);
    await expect(crown).toContainText("Clone of an authorised firm");
    await expect(crown).toContainText("DFSA alert: clone firm");
    await expect(crown).toContainText("Warning details");
    await screenshots(page, "brokers-blacklisted");
    await crown.getByRole("link", { name: "Report Issue" }).click();
    // The contact form opens with the broker filled in (tests/e2e/pages.spec.ts checks the form).
    await expect(page).toHaveURL(/\/contact\?broker=Gulf%20Crown%20FX$/);
  });
});

test.describe("about and legal pages", () => {
  test("about: mission, stats and values", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { name: "Our Mission" })).toBeVisible();
    for (const [value, label] of [
      ["50K+", "Active Users"],
      ["25+", "Partner Brokers"],
      ["1000+", "Daily Updates"],
      ["6", "Countries"],
    ]) {
      await expect(page.getByText(value, { exact: true })).toBeVisible();
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    }
    for (const v of ["Accuracy", "Trust", "Regional Focus", "Excellence"]) {
      await expect(page.getByRole("heading", { level: 3, name: v })).toBeVisible();
    }
    await screenshots(page, "about");
  });

  test("legal pages: last updated December 2024 and the required topics", async ({ page }) => {
    const required: Record<string, string[]> = {
      "/privacy-policy": ["Information we collect", "Governing law"],
      "/terms-of-service": [
        "Investment risk warning",
        "No financial advice",
        "Market data delays",
        "Broker compensation disclosure",
        "Governing law",
      ],
      "/disclaimer": [
        "Investment risk warning",
        "No financial advice",
        "Market data delays",
        "Data collection",
        "Broker compensation disclosure",
        "Governing law",
      ],
    };
    for (const [path, headings] of Object.entries(required)) {
      await page.goto(path);
      await expect(page.getByText("Last updated: December 2024").first()).toBeVisible();
      for (const h of headings)
        await expect(page.getByRole("heading", { level: 2, name: h }), `${path} ${h}`).toBeVisible();
      await expect(page.locator("article")).toContainText("United Arab Emirates");
    }
    await page.getByRole("link", { name: "Market data delays" }).click();
    await expect(page).toHaveURL(/#market-data-delays$/);
    await screenshots(page, "disclaimer");
  });
});

test.describe("search", () => {
  test("q pre-fills and runs; results show type, highlighted linked title, description and URL", async ({
    page,
  }) => {
    await page.goto("/search?q=OPEC");
    await expect(page.getByRole("heading", { level: 1, name: "Search GulfPulse" })).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Search the site" })).toHaveValue("OPEC");
    await expect(page.getByRole("heading", { name: /^Search Results \(\d+\)$/ })).toBeVisible();
    const hit = page.getByTestId("search-result").filter({ hasText: "OPEC+ group agrees" }).first();
    await expect(hit).toHaveAttribute("data-type", "analysis");
    await expect(hit.locator("h3 mark").first()).toHaveText(/OPEC/i);
    await expect(hit).toContainText("/news/article/opec-plus-output-decision");
    await expect(hit.getByText("Analysis", { exact: true })).toBeAttached();
    await screenshots(page, "search-results");
    await hit.getByRole("link").first().click();
    await expect(page).toHaveURL(/\/news\/article\/opec-plus-output-decision$/);
  });

  test("shows Searching... while waiting, then the count; icons by type", async ({ page }) => {
    await page.goto("/search");
    await expect(page.getByRole("heading", { name: /Search Results/ })).toHaveCount(0);
    // Hold the data request so the waiting state is observable.
    await page.route("**/search.data*", async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await page.getByRole("searchbox", { name: "Search the site" }).fill("Falcon Markets");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("status")).toHaveText("Searching...");
    await expect(page.getByRole("heading", { name: /^Search Results \(\d+\)$/ })).toBeVisible();
    await expect(page).toHaveURL(/\/search\?q=Falcon\+Markets$/);
    await expect(page.getByTestId("search-result").first()).toHaveAttribute("data-type", "broker");
    await page.unroute("**/search.data*");

    await page.goto("/search?q=live+market+access");
    await expect(page.locator('[data-testid="search-result"][data-type="data"]').first()).toBeVisible();
  });

  test("no results and blank queries", async ({ page }) => {
    await page.goto("/search?q=zzxqvbnm");
    await expect(page.getByRole("heading", { name: "No results found" })).toBeVisible();
    await expect(page.getByText("Try different keywords or browse our main sections")).toBeVisible();
    await expect(page.getByRole("link", { name: "Breaking News" }).last()).toBeVisible();
    await screenshots(page, "search-empty");

    // A blank query does nothing: no navigation, the previous outcome stays.
    const box = page.getByRole("searchbox", { name: "Search the site" });
    await box.fill("   ");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?q=zzxqvbnm$/);
    await page.goto("/search?q=%20%20");
    await expect(page.getByRole("heading", { name: /Search Results|No results found/ })).toHaveCount(0);
  });
});

test.describe("home sections", () => {
  test("latest news, recommended brokers with the partnership call, and the fake-groups warning", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    const columns = page.getByTestId("latest-news-column");
    await expect(columns).toHaveCount(3);
    for (let i = 0; i < 3; i++) await expect(columns.nth(i).getByTestId("article-card")).toHaveCount(2);
    const brokers = page.locator("#home-brokers-heading").locator("xpath=ancestor::section[1]");
    await expect(brokers.getByTestId("broker-card")).toHaveCount(4);
    await expect(brokers.getByRole("link", { name: "Apply for Partnership" })).toHaveAttribute(
      "href",
      "/partner",
    );

    const warning = page.getByTestId("fake-groups-warning");
    await expect(warning).toContainText("fake groups");
    await expect(warning).toHaveAttribute("data-state", "idle");
    await warning.scrollIntoViewIfNeeded();
    await expect(warning).toHaveAttribute("data-state", "running");
    const duration = await warning
      .locator("p")
      .evaluate((el) => el.getAnimations()[0]?.effect?.getTiming().duration);
    expect(duration).toBe(53_000);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(warning).toHaveAttribute("data-state", "paused");
    const latest = page.locator("#latest-news-heading").locator("xpath=ancestor::section[1]");
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await latest.screenshot({ path: `screenshots/content-home-latest-${width}.png` });
      await brokers.screenshot({ path: `screenshots/content-home-brokers-${width}.png` });
      await warning.screenshot({ path: `screenshots/content-home-warning-${width}.png` });
    }
  });
});

test("an editor's Arabic text shows on Arabic pages; text without Arabic shows in English marked lang=en", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  const edit = async (type: string, index: number) => {
    await page.waitForLoadState("networkidle");
    await page.goto(`/admin?tab=content&type=${type}`);
    await hydrated(page);
    await page
      .getByRole("row")
      .nth(index + 1)
      .getByRole("link", { name: /^Edit/ })
      .click();
  };
  const save = async () => {
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Changes saved.").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
  };

  // The shipped rows come with Arabic: the test keeps each original and puts it back at the end.
  await edit("brokers", 0);
  const brokerAr = page.getByLabel("Arabic description (optional)");
  await expect(brokerAr).toHaveAttribute("dir", "rtl");
  await expect(brokerAr).toHaveAttribute("lang", "ar");
  const broker0Ar = await brokerAr.inputValue();
  await brokerAr.fill("وسيط منظم بفروق أسعار منخفضة");
  await save();
  // A broker without Arabic shows its English description, marked.
  await edit("brokers", 1);
  const broker1Ar = await page.getByLabel("Arabic description (optional)").inputValue();
  await page.getByLabel("Arabic description (optional)").fill("");
  await save();

  await edit("articles", 0);
  const title = await page.getByLabel("Title *").inputValue();
  const slug = await page.getByLabel("Slug").inputValue();
  const section = await page.getByLabel("Section *").inputValue();
  const path = `${section === "broker-analysis" ? "/brokers/analysis" : "/news/article"}/${encodeURIComponent(slug)}`;
  const articleTitleAr = await page.getByLabel("Arabic title (optional)").inputValue();
  const articleBodyAr = await page.getByLabel("Arabic body (Markdown, optional)").inputValue();
  await page.getByLabel("Arabic title (optional)").fill("");
  await page
    .getByLabel("Arabic body (Markdown, optional)")
    .fill("نص **عربي** للمقال<script>window.hacked = 1</script>");
  await save();

  try {
    await page.goto("/ar/brokers/recommended");
    await hydrated(page);
    await expect(page.getByText("وسيط منظم بفروق أسعار منخفضة")).toBeVisible();
    const english = page.locator('p[lang="en"][dir="ltr"]').first();
    await expect(english).toBeVisible();
    await screenshots(page, "brokers-arabic-text");
    await page.goto("/brokers/recommended");
    await hydrated(page);
    await expect(page.getByText("وسيط منظم بفروق أسعار منخفضة")).toHaveCount(0);
    await expect(page.locator('p[lang="en"]')).toHaveCount(0);

    const res = await page.goto(`/ar${path}`);
    expect(res?.status()).toBe(200);
    await hydrated(page);
    await expect(page.locator("main article strong", { hasText: "عربي" }).first()).toBeVisible();
    await expect(page.locator("main article").first()).not.toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1, name: title })).toHaveAttribute("lang", "en");
    expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
    await screenshots(page, "article-arabic-body");
  } finally {
    await edit("brokers", 0);
    await page.getByLabel("Arabic description (optional)").fill(broker0Ar);
    await save();
    await edit("brokers", 1);
    await page.getByLabel("Arabic description (optional)").fill(broker1Ar);
    await save();
    await edit("articles", 0);
    await page.getByLabel("Arabic title (optional)").fill(articleTitleAr);
    await page.getByLabel("Arabic body (Markdown, optional)").fill(articleBodyAr);
    await save();
  }
});
