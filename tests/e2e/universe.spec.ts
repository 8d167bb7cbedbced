import AxeBuilder from "@axe-core/playwright";
import { at, tr } from "./catalogs";
import { expect, hydrated, type Page, signUpAndSignIn, test, uniqueEmail } from "./fixtures";

// Every listed Gulf company, not only the curated 36 instruments: it has a page with a chart, the
// alert form's instrument picker finds it by its Arabic name, and an alert on it can be created.
// Tibbiyah (9530) is on Nomu, ADNOC Drilling on ADX; Almarai (2280) has a sourced Arabic name.

test.describe.configure({ timeout: 90_000 });

// The first start backfills history for every instrument before its first tick: wait for it, so
// the sign-ups below are not timed against that work.
test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await page.goto("/");
  await expect(page.locator('[data-field="feed-status"]')).toHaveText("Live", { timeout: 60_000 });
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
    expect(Number(await chart(page).getAttribute("data-bars"))).toBeGreaterThan(0);
    for (const fact of facts) await expect(page.locator("dd").filter({ hasText: fact })).toBeVisible();
  }
  await page.screenshot({ path: "screenshots/universe-adx-page.png", fullPage: true });
  // In Arabic: the company's Arabic name, its board and sector in Arabic.
  await page.goto(at("ar", "/markets/2280"));
  await expect(page.getByRole("heading", { level: 1, name: "المراعي" })).toBeVisible();
  await expect(
    page.locator("dd").filter({ hasText: tr("ar", "market:instrument.boards.main") }),
  ).toBeVisible();
  await expect(
    page.locator("dd").filter({ hasText: tr("ar", "market:sectors.Food & Beverages") }),
  ).toBeVisible();
  await page.screenshot({ path: "screenshots/universe-page-ar.png", fullPage: true });
});

test("the API and site search know the listings", async ({ page, request }) => {
  const api = await request.get("/api/instruments?q=%D8%A7%D9%84%D9%85%D8%B1%D8%A7%D8%B9%D9%8A&limit=5");
  expect(api.status()).toBe(200);
  expect((await api.json()).instruments[0]).toMatchObject({ symbol: "2280", nameAr: "المراعي" });
  const bad = await request.get("/api/instruments?limit=500");
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toEqual({ error: "limit: at most 50" });

  await page.goto("/search?q=Tibbiyah");
  await expect(page.locator('a[href="/markets/9530"]').first()).toBeVisible();
});

test("the picker finds a company by its Arabic name and an alert on it is created (Arabic, phone width)", async ({
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
  await symbol.fill("المراعي");
  const option = form.getByRole("option").filter({ hasText: "2280" });
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
  await expect(symbol).toHaveValue("2280");
  await expect(symbol).toHaveAttribute("aria-expanded", "false");
  await form.getByLabel(tr("ar", "alerts:form.targetPrice")).fill("1000");
  await form.getByRole("button", { name: tr("ar", "alerts:form.submit") }).click();
  await expect(page.getByTestId("alert-row").filter({ hasText: "2280" })).toHaveCount(1);
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
