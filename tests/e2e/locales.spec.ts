import AxeBuilder from "@axe-core/playwright";
import type { Lang } from "~/lib/locale";
import { at, DIR, tr, trPattern } from "./catalogs";
import {
  expect,
  hydrated,
  linkIn,
  mailsTo,
  type Page,
  signInAsAdmin,
  signUpAndSignIn,
  test,
  uniqueEmail,
} from "./fixtures";

// The main flows in English and in Arabic. Expected texts come from the catalogs
// (./catalogs), so the test follows them; an Arabic key that is missing fails it. Each flow checks
// <html lang dir>, the header's mirroring, axe on its main page, and leaves a screenshot
// (screenshots/locales-<flow>-<lang>.png).

test.describe.configure({ timeout: 120_000 });

const WIDE = { width: 1280, height: 900 };

async function axeViolations(page: Page, include?: string) {
  // A toast fading in is measured mid-animation (half-opaque text fails contrast); toasts are
  // checked where their feature is.
  const builder = new AxeBuilder({ page }).exclude("[data-sonner-toaster]");
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`,
  );
}

/**
 * The page is in `lang`: <html lang dir>, and the header laid out for it. At 1280 px the logo
 * (the first thing in the header's reading order) sits at the reading start: left in English,
 * right in Arabic; the language switch offers the other language.
 */
async function expectPageIn(page: Page, lang: Lang) {
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  await expect(page.locator("html")).toHaveAttribute("dir", DIR[lang]);
  const header = page.locator("header").first();
  const logo = header.getByRole("link").first();
  await expect(logo).toHaveAttribute("href", at(lang, "/"));
  const box = (await logo.boundingBox())!;
  const width = page.viewportSize()!.width;
  const centre = box.x + box.width / 2;
  if (lang === "ar") expect(centre, "logo on the right half in Arabic").toBeGreaterThan(width / 2);
  else expect(centre, "logo on the left half in English").toBeLessThan(width / 2);
  // The header's navigation reads from the same side: Home is nearer the logo than About.
  const home = header.getByRole("link", { name: tr(lang, "common:nav.home"), exact: true }).first();
  const about = header.getByRole("link", { name: tr(lang, "common:nav.about"), exact: true }).first();
  const [h, a] = [(await home.boundingBox())!, (await about.boundingBox())!];
  if (lang === "ar") expect(h.x, "nav runs right to left").toBeGreaterThan(a.x);
  else expect(h.x, "nav runs left to right").toBeLessThan(a.x);
}

async function finish(page: Page, lang: Lang, flow: string, include?: string) {
  expect(await axeViolations(page, include), `axe on ${flow} (${lang})`).toEqual([]);
  // Nothing wider than the viewport (a mirrored layout that spills sideways is broken).
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${flow} (${lang}) overflows sideways`).toBeLessThanOrEqual(0);
  // From the top, so the sticky header is drawn where it belongs in the full-page image.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `screenshots/locales-${flow}-${lang}.png`, fullPage: true });
  if (include)
    await page.locator(include).screenshot({ path: `screenshots/locales-${flow}-${lang}-section.png` });
}

for (const lang of ["en", "ar"] as const) {
  test.describe(`${lang}: main flows`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(WIDE);
    });

    test("home: sections, the hero's live overview, market panels open and close", async ({ page }) => {
      await page.goto(at(lang, "/"));
      await expect(page.locator('[data-field="feed-status"]')).toHaveAttribute("data-live", "true", {
        timeout: 45_000,
      });
      await hydrated(page);
      await expectPageIn(page, lang);
      await expect(page.getByRole("heading", { level: 1, name: tr(lang, "pages:home.title") })).toBeVisible();
      await expect(page).toHaveTitle(tr(lang, "pages:meta.home.title"));
      for (const key of [
        "market:panels.title",
        "home:analytics.title",
        "chat:section.title",
        "content:home.latestTitle",
        "content:home.brokersTitle",
      ])
        await expect(page.getByRole("heading", { level: 2, name: tr(lang, key) })).toBeVisible();

      const overview = page.getByRole("region", { name: tr(lang, "market:hero.overview") });
      for (const symbol of ["TASI", "DFMGI", "USD/AED", "BRENT"])
        await expect(
          overview.getByText(tr(lang, `market:heroLabels.${symbol}`), { exact: true }),
        ).toBeVisible();
      const updated = overview.locator('[data-field="last-updated"]');
      await expect(updated).toHaveText(
        trPattern(lang, "market:feed.connected", {
          time: `\\d\\d:\\d\\d:\\d\\d ${tr(lang, "market:zones.UTC")}`,
        }),
      );
      // Live: the time moves with the feed, without a reload.
      await expect(updated).not.toHaveText((await updated.textContent())!, { timeout: 10_000 });

      const markets = page.locator("#markets");
      const panel = (key: string) =>
        markets.getByRole("button", { name: new RegExp(`^${tr(lang, `market:categories.${key}`)}`) });
      const row = (symbol: string) => markets.locator(`li[data-symbol="${symbol}"]`);
      await expect(panel("gulfStocks")).toHaveAttribute("aria-expanded", "true");
      // The panels' grid is mirrored: the first (Gulf Stocks) at the reading start.
      const [gulf, currencies] = [
        (await panel("gulfStocks").boundingBox())!,
        (await panel("currencies").boundingBox())!,
      ];
      if (lang === "ar") expect(gulf.x, "first panel on the right").toBeGreaterThan(currencies.x);
      else expect(gulf.x, "first panel on the left").toBeLessThan(currencies.x);
      await expect(panel("commodities")).toHaveAttribute("aria-expanded", "false");
      // The refresh interval is the server's; the text is the catalog's plural form for it (Arabic's
      // singular has no digit at all: "كل ثانية").
      const notes = Array.from({ length: 60 }, (_, i) => tr(lang, "market:panels.note", { count: i + 1 }));
      expect(notes).toContain(await markets.getByRole("note").textContent());
      await expect(row("TASI").locator('[data-field="status"]')).toHaveText(
        new RegExp(
          `^(${["open", "closed", "delayed"].map((s) => tr(lang, `market:status.${s}`)).join("|")})$`,
        ),
      );
      // Western digits by default in both languages, never a reversed run: 3.67xx for USD/AED.
      await expect(row("USD/AED").locator('[data-field="price"]')).toHaveText(/^3\.67\d\d$/);
      // Instruments by their name in the page's language; the symbol stays Latin.
      await expect(row("USD/AED").getByRole("link")).toHaveText(
        lang === "ar" ? "USD/AEDالدولار الأمريكي مقابل الدرهم الإماراتي" : "USD/AEDUS Dollar / UAE Dirham",
      );
      await panel("gulfStocks").click();
      await expect(panel("gulfStocks")).toHaveAttribute("aria-expanded", "false");
      await expect(row("TASI")).toBeHidden();
      await panel("commodities").click();
      await expect(row("BRENT")).toBeVisible();
      await panel("gulfStocks").click();
      await expect(row("TASI")).toBeVisible();
      await finish(page, lang, "home");
    });

    test("auth: sign up through the form, verify by e-mail, sign in", async ({ page }) => {
      const email = uniqueEmail(`locale-${lang}`);
      await page.goto(at(lang, "/auth"));
      await hydrated(page);
      await expectPageIn(page, lang);
      await expect(page.getByRole("heading", { name: tr(lang, "auth:signInTitle") })).toBeVisible();
      await finish(page, lang, "auth");
      await page.getByRole("button", { name: tr(lang, "auth:toSignUp") }).click();
      await page.getByLabel(tr(lang, "auth:fullName")).fill(lang === "ar" ? "متداول تجريبي" : "Test Trader");
      await page.getByLabel(tr(lang, "auth:email")).fill(email);
      await page.getByLabel(tr(lang, "auth:password")).fill("secret123");
      await page.getByRole("button", { name: tr(lang, "auth:signUp"), exact: true }).click();
      await expect(page.getByRole("status")).toHaveText(tr(lang, "auth:checkEmail"));
      const [raw] = await mailsTo(email);
      await page.goto(linkIn(raw!, "verify-email"));
      // The link brings the new user back to the sign-in page in the language they signed up in.
      await expect(page.getByText(tr(lang, "auth:verified"))).toBeVisible();
      await expectPageIn(page, lang);
      await hydrated(page);
      await page.getByLabel(tr(lang, "auth:email")).fill(email);
      await page.getByLabel(tr(lang, "auth:password")).fill("secret123");
      await page.getByRole("button", { name: tr(lang, "auth:signIn"), exact: true }).click();
      await expect(page.getByText(tr(lang, "auth:signedIn")).first()).toBeVisible();
      await page.waitForURL((url) => !url.pathname.includes("/auth"));
      expect(new URL(page.url()).pathname).toBe(at(lang, "/"));
      await expect(
        page.getByRole("button", { name: `${tr(lang, "common:nav.account")}: ${email}` }),
      ).toBeVisible();
      await expectPageIn(page, lang);
    });

    test("price alerts: create an alert", async ({ page }) => {
      await signUpAndSignIn(page, uniqueEmail(`alerts-${lang}`));
      await page.goto(at(lang, "/price-alerts"));
      await hydrated(page);
      await expectPageIn(page, lang);
      await expect(page.getByRole("heading", { level: 1, name: tr(lang, "alerts:title") })).toBeVisible();
      await expect(
        page.getByRole("heading", { name: tr(lang, "alerts:list.heading", { count: 0 }) }),
      ).toBeVisible();
      await expect(page.getByText(tr(lang, "alerts:list.emptyTitle"))).toBeVisible();
      await page.getByRole("button", { name: tr(lang, "alerts:list.newAlert") }).click();
      const form = page.getByRole("form", { name: tr(lang, "alerts:form.title") });
      await form.getByLabel(tr(lang, "alerts:form.symbol")).fill("TASI");
      await form.getByLabel(tr(lang, "alerts:form.alertType")).selectOption({
        label: tr(lang, "alerts:form.types.above"),
      });
      await form.getByLabel(tr(lang, "alerts:form.targetPrice")).fill("99999.5");
      await finish(page, lang, "price-alerts-form");
      await form.getByRole("button", { name: tr(lang, "alerts:form.submit") }).click();
      await expect(page.getByText(tr(lang, "alerts:toast.created"), { exact: true })).toBeVisible();
      await expect(page.getByText(tr(lang, "alerts:toast.createdText", { symbol: "TASI" }))).toBeVisible();
      await expect(
        page.getByRole("heading", { name: tr(lang, "alerts:list.heading", { count: 1 }) }),
      ).toBeVisible();
      const alertRow = page.getByTestId("alert-row").filter({ hasText: "TASI" });
      await expect(alertRow).toContainText(tr(lang, "alerts:list.status.active"));
      // The target keeps its digits in order next to the translated condition.
      await expect(alertRow).toContainText(/99,999\.5/);
      await finish(page, lang, "price-alerts");
    });

    test("search: a query returns results", async ({ page }) => {
      await page.goto(at(lang, "/search?q=OPEC"));
      await hydrated(page);
      await expectPageIn(page, lang);
      await expect(
        page.getByRole("heading", { level: 1, name: tr(lang, "search:title", { siteName: "GulfPulse" }) }),
      ).toBeVisible();
      await expect(page.getByRole("searchbox", { name: tr(lang, "search:label") })).toHaveValue("OPEC");
      await expect(
        page.getByRole("heading", { name: trPattern(lang, "search:results", { n: "\\d+" }) }),
      ).toBeVisible();
      await expect(page.getByTestId("search-result").filter({ hasText: "OPEC+" }).first()).toBeVisible();
      const first = page.getByTestId("search-result").first();
      const type = await first.getAttribute("data-type");
      await expect(first.getByText(tr(lang, `search:types.${type}`), { exact: true })).toBeAttached();
      // Links to the site's own pages stay in the page's language.
      const hrefs = await page
        .getByTestId("search-result")
        .getByRole("link")
        .evaluateAll((links) =>
          links.map((l) => l.getAttribute("href") ?? "").filter((h) => h.startsWith("/")),
        );
      expect(hrefs.length).toBeGreaterThan(0);
      for (const href of hrefs) expect(href.startsWith("/ar/"), href).toBe(lang === "ar");
      // The address shown under a result is the one its link opens.
      for (const result of await page.getByTestId("search-result").all()) {
        const href = await result.getByRole("link").first().getAttribute("href");
        if (href?.startsWith("/")) await expect(result.getByTestId("result-url")).toHaveText(decodeURI(href));
      }
      await finish(page, lang, "search");

      // Arabic words find Arabic stories (PostgreSQL's Arabic configuration), in either language.
      await page.getByRole("searchbox", { name: tr(lang, "search:label") }).fill("النفط");
      await page.getByRole("button", { name: tr(lang, "search:submit"), exact: true }).click();
      await expect(page).toHaveURL(/q=/);
      await expect(page.getByTestId("search-result").filter({ hasText: "النفط" }).first()).toBeVisible();
    });

    test("news analytics: the dashboard's sections", async ({ page }) => {
      await page.goto(at(lang, "/news-analytics"));
      await hydrated(page);
      await expectPageIn(page, lang);
      await expect(page.getByRole("heading", { level: 1, name: tr(lang, "analytics:title") })).toBeVisible();
      await expect(page.getByRole("button", { name: tr(lang, "analytics:refresh") })).toBeVisible();
      await expect(page.getByTestId("overall-sentiment")).toHaveText(
        new RegExp(
          `^(${["bullish", "bearish", "neutral"].map((k) => tr(lang, `analytics:sentiment.${k}`)).join("|")})$`,
        ),
      );
      // The summary and the sector chips are in the page's language.
      const summary = page.getByTestId("sentiment-summary");
      if (lang === "ar") await expect(summary).toHaveText(/^[^A-Za-z]+$/);
      else await expect(summary).toHaveText(/^(No recent headlines|Across \d+ recent headline)/);
      const chips = page
        .getByRole("list", { name: tr(lang, "analytics:sentiment.sectors") })
        .getByRole("listitem");
      expect(await chips.count()).toBeGreaterThan(0);
      for (const chip of await chips.all())
        await expect(chip).toHaveText(
          lang === "ar" ? /^[^A-Za-z]+$/ : /^[A-Z][A-Za-z &]+ · (bullish|bearish|neutral) \(/,
        );
      const tab = (key: string) => page.getByRole("tab", { name: tr(lang, `analytics:tabs.${key}`) });
      await expect(tab("news")).toHaveAttribute("aria-selected", "true");
      await expect(page.getByRole("heading", { name: tr(lang, "analytics:news.heading") })).toBeVisible();
      expect(await page.getByTestId("news-item").count()).toBeGreaterThanOrEqual(10);
      // The Arabic page leads with the Arabic feeds' items, which read right to left (the English
      // page leads with English items).
      if (lang === "ar") {
        const arabic = page.getByTestId("news-item").filter({ hasText: "ارتفاع مؤشر السوق السعودية" });
        await expect(arabic.getByRole("heading")).toHaveAttribute("dir", "rtl");
      }
      await finish(page, lang, "news-analytics");
      await tab("summaries").click();
      await expect(tab("summaries")).toHaveAttribute("aria-selected", "true");
      await expect(page.getByTestId("summary")).toHaveCount(5);
      await tab("calendar").click();
      await expect(page.getByRole("heading", { name: tr(lang, "analytics:calendar.heading") })).toBeVisible();
      await tab("education").click();
      await expect(tab("education")).toHaveAttribute("aria-selected", "true");
      await page.screenshot({
        path: `screenshots/locales-news-analytics-education-${lang}.png`,
        fullPage: true,
      });
    });

    test("chat: a question gets a streamed answer", async ({ page }) => {
      await page.goto(at(lang, "/"));
      await hydrated(page);
      await expectPageIn(page, lang);
      const chat = page.locator("#chat");
      await chat.scrollIntoViewIfNeeded();
      await expect(chat.getByText(tr(lang, "chat:section.offlineLabel"), { exact: true })).toBeVisible();
      const question = lang === "ar" ? "ما سعر الذهب؟" : "What is the gold price?";
      const box = page.getByRole("textbox", { name: tr(lang, "chat:input.label") });
      await box.fill(question);
      await box.press("Enter");
      await expect(page.getByTestId("user-message").last()).toHaveText(question);
      const reply = page.getByTestId("assistant-message").last();
      // An answer from live data: gold's price, with its digits.
      await expect(reply).toContainText(/\d[\d,]*\.\d\d/, { timeout: 20_000 });
      if (lang === "ar") await expect(reply).toContainText(/[\u0600-\u06FF]{3,}/);
      await finish(page, lang, "chat", "#chat");
    });

    test("admin newsletter: the tab loads and a test newsletter is sent", async ({ page, consoleErrors }) => {
      await signInAsAdmin(page);
      await page.goto(at(lang, "/admin?tab=newsletter"));
      await hydrated(page);
      await expectPageIn(page, lang);
      await expect(page.getByRole("heading", { level: 1, name: tr(lang, "admin:title") })).toBeVisible();
      await expect(
        page.getByRole("tab", { name: tr(lang, "admin:tabs.newsletter"), exact: true }),
      ).toHaveAttribute("aria-selected", "true");
      const panel = page.getByRole("tabpanel");
      await expect(
        panel.getByRole("heading", { name: tr(lang, "admin:newsletter.send.title") }),
      ).toBeVisible();
      await expect(panel.getByText(tr(lang, "admin:newsletter.stats.active"))).toBeVisible();
      await finish(page, lang, "admin-newsletter");
      // Composed in Arabic in either interface: the text keeps its order and the mail goes out.
      const subject = `نشرة الأسواق ${Date.now()}`;
      const to = uniqueEmail(`nl-${lang}`);
      await panel.getByLabel(tr(lang, "admin:newsletter.send.subject"), { exact: true }).fill(subject);
      await panel
        .getByLabel(tr(lang, "admin:newsletter.send.content"), { exact: true })
        .fill("ارتفعت **الأسواق** هذا الأسبوع.");
      await panel.getByLabel(tr(lang, "admin:newsletter.send.testEmail")).fill(to);
      await panel.getByRole("button", { name: tr(lang, "admin:newsletter.send.sendTest") }).click();
      await expect(panel.getByText(tr(lang, "server:testNewsletterSent"))).toBeVisible();
      const [raw] = await mailsTo(to);
      expect(raw).toContain("Subject:");
      await page.screenshot({
        path: `screenshots/locales-admin-newsletter-sent-${lang}.png`,
        fullPage: true,
      });
      // axe reaching into a sandboxed mail frame is logged by Chromium; not the page's error.
      const own = consoleErrors.filter((e) => !e.includes("Blocked script execution in 'about:srcdoc'"));
      consoleErrors.splice(0, consoleErrors.length, ...own);
    });
  });
}
