import { expect, hydrated, type Page, signIn, signUpAndSignIn, test, uniqueEmail } from "./fixtures";

// The locale in the URL (decision 016): /ar pages are Arabic and right to left, internal links keep
// the reader in their language, the header's switch leads to the same page in the other language
// and is remembered (cookie; users.locale for a signed-in user). Every test also fails on a
// console error, so a hydration mismatch (React #418) in either language fails it.

const header = (page: Page) => page.locator("header").first();
const switchLink = (page: Page, name: "العربية" | "English") =>
  header(page).getByRole("link", { name, exact: true });
const path = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

test("/ar is Arabic, right to left, and hydrates; only Arabic pages fetch the Arabic catalogs", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (r) => r.resourceType() === "script" && scripts.push(new URL(r.url()).pathname));
  const arabicCatalogs = () => scripts.filter((p) => /\/assets\/ar-[\w-]+\.js$/.test(p));

  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  await hydrated(page);
  expect(scripts.length).toBeGreaterThan(3);
  expect(arabicCatalogs(), "an English page loads no Arabic catalog").toEqual([]);

  await page.goto("/ar");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await hydrated(page);
  // Hydrated in Arabic (the catalogs arrived before hydration: no mismatch, no console error).
  await expect(header(page).getByRole("link", { name: "الرئيسية", exact: true }).first()).toBeVisible();
  expect(arabicCatalogs()).toHaveLength(1);
});

test("internal links keep an Arabic reader under /ar", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/ar/about");
  await hydrated(page);
  const hrefs = await page
    .locator("header a[href^='/'], footer a[href^='/'], main a[href^='/']")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
  expect(hrefs.length).toBeGreaterThan(10);
  // Every site link but the language switch's and the feeds' stays in Arabic.
  const leaks = hrefs.filter(
    (h) => !/^\/ar(\/|$|\?|#)/.test(h) && !/^\/(rss\.xml|calendar\.ics|api\/)/.test(h),
  );
  expect(leaks).toEqual(["/about"]); // the switch
  // Client-side navigations stay in Arabic too, and the page stays Arabic.
  await header(page).getByRole("link", { name: "اتصل بنا", exact: true }).first().click();
  await expect(page).toHaveURL(/\/ar\/contact$/);
  await page.locator("footer").getByRole("link").filter({ hasText: /./ }).first().click();
  await expect(page).toHaveURL(/\/ar(\/|$|#)/);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
});

test("server redirects stay in the language: aliases, trailing slashes, old ?lang= links", async ({
  page,
}) => {
  await page.goto("/ar/news");
  expect(path(page)).toBe("/ar/news/breaking");
  await page.goto("/ar/about/");
  expect(path(page)).toBe("/ar/about");
  await page.goto("/about?lang=ar");
  expect(path(page)).toBe("/ar/about");
  // requireAdmin sends a visitor home, in their language.
  await page.goto("/ar/admin");
  expect(path(page)).toBe("/ar");
});

test("the switch keeps the page and its query, both ways, and is remembered", async ({ page }) => {
  await page.goto("/search?q=oil");
  await hydrated(page);
  const toArabic = switchLink(page, "العربية");
  await expect(toArabic).toHaveAttribute("lang", "ar");
  await expect(toArabic).toHaveAttribute("href", "/ar/search?q=oil");
  await toArabic.click();
  await expect(page).toHaveURL(/\/ar\/search\?q=oil$/);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await hydrated(page);
  await expect(page.getByRole("searchbox").or(page.locator("input[name=q]")).first()).toHaveValue("oil");

  // Remembered: an unprefixed page now opens in Arabic.
  await page.goto("/about");
  expect(path(page)).toBe("/ar/about");

  // Back to English with the switch: no redirect loop, and English is remembered in turn.
  await hydrated(page);
  const toEnglish = switchLink(page, "English");
  await expect(toEnglish).toHaveAttribute("lang", "en");
  await toEnglish.click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.goto("/contact");
  expect(path(page)).toBe("/contact");
  // An explicit /ar URL is served as asked whatever was chosen.
  await page.goto("/ar/contact");
  expect(path(page)).toBe("/ar/contact");
});

test("an anonymous visitor's cookie alone redirects; Accept-Language does not", async ({ browser }) => {
  const arabicBrowser = await browser.newContext({ locale: "ar-SA" });
  const page = await arabicBrowser.newPage();
  await page.goto("/about");
  expect(path(page)).toBe("/about");
  await arabicBrowser.addCookies([{ name: "lang", value: "ar", url: page.url() }]);
  await page.goto("/partner?from=mail");
  expect(path(page)).toBe("/ar/partner?from=mail");
  await arabicBrowser.close();
});

test("a signed-in user's choice follows them to a new browser", async ({ page, browser, baseURL }) => {
  const email = uniqueEmail("locale");
  await signUpAndSignIn(page, email);
  await page.goto("/about");
  await hydrated(page);
  // A keepalive POST: it outlives the page it left, so wait for it to go, not for its answer.
  const saved = page.waitForRequest((r) => r.url().endsWith("/api/locale") && r.method() === "POST");
  await switchLink(page, "العربية").click();
  expect((await saved).postData()).toBe("lang=ar");
  await expect(page).toHaveURL(/\/ar\/about$/);

  const other = await browser.newContext({ baseURL });
  const fresh = await other.newPage();
  await signIn(fresh, email);
  await fresh.goto("/live-markets");
  expect(path(fresh)).toBe("/ar/live-markets");
  await expect(fresh.locator("html")).toHaveAttribute("dir", "rtl");
  await other.close();
});

test("header in Arabic at 375 and 1280 px (screenshots)", async ({ page }) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/ar/about");
    await hydrated(page);
    await expect(switchLink(page, "English")).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `header at ${width}px overflows sideways`).toBeLessThanOrEqual(0);
    await header(page).screenshot({ path: `screenshots/locale-header-ar-${width}.png` });
  }
});
