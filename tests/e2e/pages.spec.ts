import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { type Lang, localePath } from "~/lib/locale";
import { tr } from "./catalogs";
import { expect, hydrated, type Page, signInAsAdmin, signUpAndSignIn, test, uniqueEmail } from "./fixtures";

// Every page complete, accessible in both themes, at 375 and 1280 px, and looked at. The dark theme
// is checked on the phone width only: its colours are the same at every width, and the phone
// layout holds every element the desktop one has.
// Every route again in Arabic (/ar/...), right to left.
// Screenshots of every route land in screenshots/pages-[ar-]<name>-<width>[-dark].png.

const VARIANTS = [
  { width: 375, theme: "light" },
  { width: 375, theme: "dark" },
  { width: 1280, theme: "light" },
] as const;
fs.mkdirSync("screenshots", { recursive: true });

/** Axe's findings as readable lines (rule, impact, the elements), empty when the page is clean. */
async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(" ")} ${n.failureSummary ?? ""}`).join(" | ")}`,
  );
}

/** Live prices flash and animate; a still page keeps colour checks and screenshots deterministic. */
async function settle(page: Page) {
  await hydrated(page);
  await page.evaluate(() => document.fonts.ready);
  await page.addStyleTag({
    content: "*,*::before,*::after{animation:none!important;transition:none!important}",
  });
}

/**
 * Opens `path` (in `lang`: Arabic pages live under /ar) at each width in each theme (the system's
 * colour scheme, which the site follows), runs axe, and screenshots it. `prepare` brings the page
 * into the state to check (a tab, a dialog).
 */
async function checkRoute(
  page: Page,
  name: string,
  path: string,
  prepare?: (page: Page) => Promise<void>,
  lang: Lang = "en",
) {
  const found: string[] = [];
  const url = localePath(lang, path);
  for (const { width, theme } of VARIANTS) {
    await page.setViewportSize({ width, height: width < 600 ? 812 : 900 });
    await page.emulateMedia({ colorScheme: theme, reducedMotion: "reduce" });
    await page.goto(url);
    await settle(page);
    if (prepare) await prepare(page);
    const html = await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);
    const expected = lang === "ar" ? ["ar", "rtl"] : ["en", "ltr"];
    if (html.join() !== expected.join())
      found.push(`${width}px ${theme}: <html lang dir> is ${html.join(" ")}`);
    for (const v of await axeViolations(page)) found.push(`${width}px ${theme}: ${v}`);
    // Nothing may be wider than the viewport (a sideways scroll at 375 px is a broken layout).
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 0) found.push(`${width}px ${theme}: page is ${overflow}px wider than the viewport`);
    await page.screenshot({
      path: `screenshots/pages-${lang === "en" ? "" : `${lang}-`}${name}-${width}${theme === "dark" ? "-dark" : ""}.png`,
      fullPage: !prepare,
    });
  }
  expect(found, `${url}: accessibility and layout`).toEqual([]);
}

/**
 * The first link on `listPath` whose address starts with `prefix` (slugs come from the seed), as an
 * unprefixed path (checkRoute puts it in the language it checks).
 */
async function firstLink(page: Page, listPath: string, prefix: string) {
  const html = await (await page.request.get(listPath)).text();
  const href = html.match(new RegExp(`href="(${prefix}[^"#?]+)"`))?.[1];
  if (!href) throw new Error(`no ${prefix} link on ${listPath}`);
  return href;
}

/**
 * The e-mail preview is a sandboxed frame without scripts, which axe cannot enter (its injection
 * never returns). The frame's own label is checked here; the mail inside is not the page's markup.
 */
async function withoutPreviewFrame(page: Page) {
  const frames = page.locator("iframe");
  for (const frame of await frames.all()) expect(await frame.getAttribute("title")).toBeTruthy();
  await frames.evaluateAll((els) => {
    for (const el of els) el.remove();
  });
}

const PUBLIC_ROUTES: Array<[name: string, path: string]> = [
  ["home", "/"],
  ["about", "/about"],
  ["contact", "/contact"],
  ["partner", "/partner"],
  ["live-markets", "/live-markets"],
  ["news-analytics", "/news-analytics"],
  ["price-alerts-anonymous", "/price-alerts"],
  ["search", "/search?q=oil"],
  ["news-economic", "/news/economic"],
  ["news-breaking", "/news/breaking"],
  ["news-central-bank", "/news/central-bank"],
  ["brokers-recommended", "/brokers/recommended"],
  ["brokers-analysis", "/brokers/analysis"],
  ["brokers-blacklisted", "/brokers/blacklisted"],
  ["privacy-policy", "/privacy-policy"],
  ["terms-of-service", "/terms-of-service"],
  ["disclaimer", "/disclaimer"],
  ["auth", "/auth"],
  ["reset-password", "/auth/reset-password?token=not-a-real-token"],
  ["unsubscribe", "/newsletter/unsubscribe?token=not-a-real-token"],
  ["not-found", "/this-page-does-not-exist"],
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

for (const lang of ["en", "ar"] as const) {
  // English titles stay as they were; the Arabic run of the same checks is prefixed "ar".
  const title = (name: string) => (lang === "en" ? name : `ar: ${name}`);
  const describeTitle =
    lang === "en"
      ? "axe, layout and screenshots on every route (375 and 1280 px, light and dark)"
      : "Arabic (/ar, right to left): axe, layout and screenshots on every route (375 and 1280 px, light and dark)";

  test.describe(describeTitle, () => {
    test.describe.configure({ timeout: 180_000 });

    for (const [name, path] of PUBLIC_ROUTES) {
      test(title(`${name} (${localePath(lang, path)})`), async ({ page }) => {
        await checkRoute(page, name, path, undefined, lang);
      });
    }

    test(title("an article, a broker analysis and an instrument page"), async ({ page }) => {
      await checkRoute(
        page,
        "article",
        await firstLink(page, "/news/economic", "/news/article/"),
        undefined,
        lang,
      );
      await checkRoute(
        page,
        "broker-analysis",
        await firstLink(page, "/brokers/analysis", "/brokers/analysis/"),
        undefined,
        lang,
      );
      await checkRoute(page, "instrument", await firstLink(page, "/", "/markets/"), undefined, lang);
    });

    test(title("home with the subscribe modal open, and the markets panel"), async ({ page }) => {
      await checkRoute(
        page,
        "subscribe-modal",
        "/",
        async (p) => {
          await p.getByRole("button", { name: tr(lang, "newsletter:banner.cta") }).click();
          await expect(p.getByRole("dialog")).toBeVisible();
        },
        lang,
      );
      await checkRoute(
        page,
        "markets-panel",
        "/",
        async (p) => {
          await p.locator("#markets").scrollIntoViewIfNeeded();
        },
        lang,
      );
    });

    test(title("signed-in pages: price alerts, portfolio, notifications, chat history"), async ({ page }) => {
      await signUpAndSignIn(page, uniqueEmail("pages"));
      await checkRoute(
        page,
        "price-alerts",
        "/price-alerts",
        async (p) => {
          await p.getByRole("button", { name: tr(lang, "alerts:list.newAlert") }).click();
          await expect(p.getByRole("heading", { name: tr(lang, "alerts:form.title") })).toBeVisible();
        },
        lang,
      );
      await checkRoute(page, "portfolio", "/portfolio", undefined, lang);
      await checkRoute(
        page,
        "notifications",
        "/price-alerts",
        async (p) => {
          const name = new RegExp(escapeRegExp(tr(lang, "alerts:tabs.notifications")));
          await p.getByRole("tab", { name }).click();
        },
        lang,
      );
      await checkRoute(
        page,
        "chat-history",
        "/",
        async (p) => {
          await p
            .locator("header")
            .getByRole("button", { name: tr(lang, "common:chatHistory.open") })
            .click();
          await expect(p.getByRole("dialog", { name: tr(lang, "chat:history.title") })).toBeVisible();
        },
        lang,
      );
    });

    for (const tab of ["overview", "users", "content", "newsletter", "email-templates", "settings"]) {
      test(title(`admin (admin@e2e.test): ${tab} tab`), async ({ page, consoleErrors }) => {
        await signInAsAdmin(page);
        await checkRoute(
          page,
          `admin-${tab}`,
          `/admin?tab=${tab}`,
          tab === "email-templates" ? withoutPreviewFrame : undefined,
          lang,
        );
        // axe injects itself into every frame; the mail preview's sandboxed frame (no scripts, by
        // design) refuses, and Chromium logs that. It is the test tool's message, not the page's.
        const own = consoleErrors.filter((e) => !e.includes("Blocked script execution in 'about:srcdoc'"));
        consoleErrors.splice(0, consoleErrors.length, ...own);
      });
    }
  });
}

test.describe("home page", () => {
  test("sections in the spec's order, ad slots that reserve their size", async ({ page }) => {
    await page.goto("/");
    const ads = page.locator("main [data-ad-size=banner]");
    const sections = [
      page.locator("body > header"),
      page.getByRole("region", { name: "Get Gulf market insights in your inbox" }),
      page.getByRole("heading", { level: 1, name: "Real-Time Gulf Market News" }),
      ads.nth(0),
      page.getByRole("heading", { name: "Join Our Trading Community" }),
      page.locator("#markets"),
      ads.nth(1),
      page.getByRole("heading", { name: "Advanced News Analytics" }),
      page.locator("#chat"),
      ads.nth(2),
      page.getByRole("heading", { name: "Latest News" }),
      ads.nth(3),
      page.getByRole("heading", { name: "Recommended Brokers" }),
      page.getByTestId("fake-groups-warning"),
      page.locator("body > footer"),
    ];
    await expect(ads).toHaveCount(4);
    const handles = [];
    for (const s of sections) handles.push(await s.elementHandle());
    const inOrder = await page.evaluate(
      (els) =>
        els.every(
          (el, i) =>
            i === 0 || Boolean(els[i - 1]!.compareDocumentPosition(el!) & Node.DOCUMENT_POSITION_FOLLOWING),
        ),
      handles,
    );
    expect(inOrder, "home sections in spec order").toBe(true);

    await expect(page.getByRole("link", { name: "Apply for Partnership" })).toHaveAttribute(
      "href",
      "/partner",
    );
    await expect(page.getByRole("link", { name: "Open News Analytics" })).toHaveAttribute(
      "href",
      "/news-analytics",
    );
    // A labelled placeholder whose box is there before anything loads: no layout shift.
    for (let i = 0; i < 4; i++) {
      await expect(ads.nth(i)).toHaveText("Advertisement");
      expect((await ads.nth(i).locator("> div").boundingBox())?.height).toBe(96);
    }
  });

  test("the fake-groups warning scrolls once in view, and stays still with reduced motion", async ({
    page,
  }) => {
    await page.goto("/");
    await hydrated(page);
    const warning = page.getByTestId("fake-groups-warning");
    await expect(warning).toHaveAttribute("data-state", "idle");
    await warning.scrollIntoViewIfNeeded();
    await expect(warning).toHaveAttribute("data-state", "running");
    const timing = await warning
      .locator("p")
      .evaluate((p) => p.getAnimations()[0]?.effect?.getTiming() as { duration: number; iterations: number });
    expect(timing).toMatchObject({ duration: 53_000, iterations: Number.POSITIVE_INFINITY });

    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.reload();
    await hydrated(page);
    await warning.scrollIntoViewIfNeeded();
    // IntersectionObserver reports on the next frames: past them, the warning has seen itself visible.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await expect(warning).toHaveAttribute("data-state", "idle");
    expect(await warning.locator("p").evaluate((p) => p.getAnimations().length)).toBe(0);
  });
});

test.describe("content pages", () => {
  const TEXTS: Array<[path: string, texts: string[]]> = [
    [
      "/about",
      [
        "Our Mission",
        "50K+",
        "Active Users",
        "25+",
        "Partner Brokers",
        "1000+",
        "Daily Updates",
        "Countries",
        "Accuracy",
        "Trust",
        "Regional Focus",
        "Excellence",
      ],
    ],
    [
      "/contact",
      [
        "Business Hours",
        "Sunday to Thursday",
        "8:00 AM to 6:00 PM",
        "Friday and Saturday",
        "Closed",
        "Send us a Message",
      ],
    ],
    [
      "/partner",
      ["Why Partner With GulfPulse", "What We Offer", "GulfPulse in Numbers", "Partnership Application"],
    ],
    ["/live-markets", ["What You Get", "Real-Time Prices", "Request Access"]],
    ["/brokers/recommended", ["Visit Broker"]],
    ["/brokers/blacklisted", ["Report Issue"]],
    ["/privacy-policy", ["Last updated: December 2024", "Governing law"]],
    ["/terms-of-service", ["Last updated: December 2024", "Investment risk warning", "No financial advice"]],
    ["/disclaimer", ["Market data delays", "Broker compensation disclosure", "Data collection"]],
  ];
  for (const [path, texts] of TEXTS) {
    test(`${path} shows its content`, async ({ page }) => {
      await page.goto(path);
      for (const text of texts) await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
    });
  }

  test("the footer shows the copyright year 2024", async ({ page }) => {
    await page.goto("/about");
    await expect(page.locator("footer")).toContainText("© 2024 GulfPulse");
  });

  test("Report Issue opens the contact form with the broker filled in", async ({ page }) => {
    await page.goto("/brokers/blacklisted");
    await hydrated(page);
    const entry = page.getByTestId("blacklist-entry").first();
    const broker = (await entry.getByRole("heading", { level: 2 }).textContent())!.trim();
    await entry.getByRole("link", { name: "Report Issue" }).click();
    await expect(page).toHaveURL(/\/contact\?broker=/);
    await expect(page.getByLabel("Subject")).toHaveValue("support");
    const message = page.getByRole("textbox", { name: "Message" });
    await expect(message).toHaveValue(new RegExp(`blacklisted broker ${broker}`));
    await expect(message).toBeFocused();
  });
});

test.describe("theme and keyboard", () => {
  test("follows the system, and the header toggle's choice survives a reload with no flash", async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/about");
    await hydrated(page);
    const html = page.locator("html");
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await expect(html).not.toHaveAttribute("data-theme");
    expect(await background()).toBe("rgb(2, 6, 23)");

    await page.getByRole("button", { name: "Switch between light and dark theme" }).click();
    await expect(html).toHaveAttribute("data-theme", "light");
    expect(await background()).toBe("rgb(248, 250, 252)");

    await page.reload();
    await expect(html).toHaveAttribute("data-theme", "light");
    // The server renders the choice, so the first paint already has it (no script needed).
    const served = await (await page.request.get("/about")).text();
    expect(served).toMatch(/<html[^>]*data-theme="light"/);

    await page.emulateMedia({ colorScheme: "light" });
    await page.getByRole("button", { name: "Switch between light and dark theme" }).click();
    await expect(html).toHaveAttribute("data-theme", "dark");
    expect(await background()).toBe("rgb(2, 6, 23)");
  });

  test("Tab reaches the skip link first, which jumps to the content; then the main navigation", async ({
    page,
  }) => {
    await page.goto("/about");
    await hydrated(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();

    await page.reload();
    await hydrated(page);
    const home = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" });
    // Skip link, site name, then the navigation's first link.
    for (let i = 0; i < 3; i++) await page.keyboard.press("Tab");
    await expect(home).toBeFocused();
    // The focused link shows a visible outline.
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).not.toBe("none");
  });

  test("header menus work from the keyboard", async ({ page }) => {
    await page.goto("/about");
    await hydrated(page);
    const news = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "News" });
    await news.focus();
    await page.keyboard.press("Enter");
    const items = page.getByRole("menuitem");
    await expect(items.first()).toBeFocused();
    await expect(items).toHaveText(["Economic News", "Breaking News", "Central Bank News"]);
    await page.keyboard.press("ArrowDown");
    await expect(items.nth(1)).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await expect(items.nth(2)).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0);
    await expect(news).toBeFocused();
    await expect(news).toHaveAttribute("aria-expanded", "false");

    await page.keyboard.press("ArrowDown");
    await expect(items.first()).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/news\/economic$/);
    await expect(page.getByRole("menu")).toHaveCount(0);
  });
});

test.describe("right to left", () => {
  test("the header is mirrored in Arabic: the site name on the right at 1280 px, on the left in English", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const siteNameCentre = async (path: string) => {
      await page.goto(path);
      const box = (await page.locator("body > header a").first().boundingBox())!;
      return box.x + box.width / 2;
    };
    expect(await siteNameCentre("/")).toBeLessThan(640);
    expect(await siteNameCentre("/ar")).toBeGreaterThan(640);
    // A quote row: the price sits at the row's end, left of the instrument's name in Arabic.
    for (const [path, priceLeftOfName] of [
      ["/", false],
      ["/ar", true],
    ] as const) {
      await page.goto(path);
      const row = page.locator("#markets li[data-symbol]").first();
      await expect(row.locator("[data-field=price]")).toBeVisible();
      await expect(row.getByRole("link").first()).toBeVisible();
      const name = (await row.getByRole("link").first().boundingBox())!;
      const price = (await row.locator("[data-field=price]").boundingBox())!;
      expect(price.x < name.x, `${path}: price left of the name`).toBe(priceLeftOfName);
    }
  });

  test("table header cells align to the right in Arabic (admin users table)", async ({ page }) => {
    await signInAsAdmin(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/ar/admin?tab=users");
    await hydrated(page);
    const cells = page.locator("table th");
    await expect(cells.first()).toBeVisible();
    // Where each header's text sits inside its cell: flush with the right padding edge in RTL.
    const gaps = await cells.evaluateAll((ths) =>
      ths.map((th) => {
        const range = document.createRange();
        range.selectNodeContents(th);
        const text = range.getBoundingClientRect();
        const box = th.getBoundingClientRect();
        const style = getComputedStyle(th);
        return {
          right: box.right - Number.parseFloat(style.paddingRight) - text.right,
          left: text.left - box.left - Number.parseFloat(style.paddingLeft),
        };
      }),
    );
    for (const gap of gaps) expect(Math.abs(gap.right)).toBeLessThan(1.5);
    // At least one column is wider than its header, so the alignment is really tested.
    expect(Math.max(...gaps.map((g) => g.left))).toBeGreaterThan(8);
  });

  test("the fake-groups warning scrolls left to right in Arabic, right to left in English", async ({
    page,
  }) => {
    for (const [path, enters] of [
      ["/", "right"],
      ["/ar", "left"],
    ] as const) {
      await page.goto(path);
      await hydrated(page);
      const warning = page.getByTestId("fake-groups-warning");
      await warning.scrollIntoViewIfNeeded();
      await expect(warning).toHaveAttribute("data-state", "running");
      const [from, to] = await warning
        .locator("p")
        .evaluate((p) =>
          (p.getAnimations()[0]!.effect as KeyframeEffect)
            .getKeyframes()
            .map((k) => Number.parseFloat(String(k.transform).replace("translateX(", ""))),
        );
      expect(
        enters === "right" ? from! > 0 && to! < 0 : from! < 0 && to! > 0,
        `${path}: ${from} → ${to}`,
      ).toBe(true);
    }
  });

  test("the digits setting switches prices to Arabic-Indic digits in place, and the choice persists", async ({
    page,
  }) => {
    await page.goto("/ar");
    await hydrated(page);
    const price = page.locator("#markets [data-field=price]").first();
    await expect(price).toHaveText(/^[0-9.,]+$/);
    const arab = page
      .locator("footer")
      .getByRole("button", { name: new RegExp(tr("ar", "common:digits.arab")) });
    await expect(arab).toHaveAttribute("aria-pressed", "false");
    await arab.click();
    await expect(price).toHaveText(/^[٠-٩٫٬]+$/);
    await expect(arab).toHaveAttribute("aria-pressed", "true");
    // Numbers inside translated texts too (the footer's copyright year).
    await expect(page.locator("footer")).toContainText("٢٠٢٤");
    // Kept in a cookie, so the server renders the next page with it (no flash of other digits).
    const served = await (await page.request.get("/ar")).text();
    expect(served).toMatch(/data-field="price"[^>]*>[٠-٩٫٬]+</);
    await page.reload();
    await expect(price).toHaveText(/^[٠-٩٫٬]+$/);
    // Dates too, rendered by the server and hydrated by the browser alike (a mismatch would log a
    // console error and fail the test): relative times on a news list, the analytics feed's dates.
    await page.goto("/ar/news/economic");
    await hydrated(page);
    await expect(page.locator("main article time").first()).toHaveAttribute("title", /[٠-٩]{4}/);
    await page.goto("/ar/news-analytics");
    await expect(page.getByTestId("news-date").first()).toHaveText(/[٠-٩]{2}:[٠-٩]{2} GMT$/);
    await page.goto("/ar");
    await hydrated(page);
    // Back to Western digits.
    await page
      .locator("footer")
      .getByRole("button", { name: new RegExp(tr("ar", "common:digits.latn")) })
      .click();
    await expect(price).toHaveText(/^[0-9.,]+$/);
  });
});
