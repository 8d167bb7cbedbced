import { at } from "./catalogs";
import { expect, hydrated, type Page, signUpAndSignIn, test } from "./fixtures";

// The header's fullest case: an admin (the Admin menu), a long email, every icon (search,
// language, theme, bell, chat history), in English and in Arabic, at the desktop widths.
const LONG_ADMIN = "an.administrator.with.a.long.address@gulfpulse-e2e.test";

async function signInLongAdmin(page: Page) {
  // The e2e server starts on an empty data folder: the account is new (ADMIN_EMAILS makes it admin).
  await signUpAndSignIn(page, LONG_ADMIN, "secret123", "Long Address Admin");
}

test("no navigation label wraps for a signed-in admin with a long email at 1024, 1280 and 1440 px", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signInLongAdmin(page);
  for (const lang of ["en", "ar"] as const) {
    for (const width of [1024, 1280, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(at(lang, "/about"));
      await hydrated(page);
      const nav = page.locator("header nav").first();
      await expect(nav).toBeVisible();
      // The Admin menu is there: this is the fullest header.
      await expect(nav.locator("button")).toHaveCount(3);
      const layout = await page.evaluate(() => {
        const header = document.querySelector("header")!;
        const bar = header.firstElementChild as HTMLElement;
        const items = [...header.querySelectorAll("nav > a, nav > button, nav > div > button")].map((el) => {
          // One line of text: every text fragment of the item sits on the same line.
          const range = document.createRange();
          range.selectNodeContents(el);
          const tops = new Set(
            [...range.getClientRects()]
              .filter((r) => r.width > 0)
              .map((r) => Math.round(r.top + r.height / 2)),
          );
          return {
            label: (el.textContent ?? "").trim(),
            lines: tops.size,
            height: el.getBoundingClientRect().height,
          };
        });
        const right = Math.max(...[...bar.children].map((c) => c.getBoundingClientRect().right));
        const left = Math.min(...[...bar.children].map((c) => c.getBoundingClientRect().left));
        return {
          items,
          overflow: bar.scrollWidth > bar.clientWidth + 1,
          inside: left >= 0 && right <= window.innerWidth + 1,
        };
      });
      const where = `${lang} at ${width} px`;
      expect(layout.items.length, where).toBeGreaterThanOrEqual(7);
      for (const item of layout.items) {
        expect(item.lines, `${where}: "${item.label}" wraps`).toBe(1);
        expect(item.height, `${where}: "${item.label}" is taller than one line`).toBeLessThanOrEqual(40);
      }
      expect(layout.overflow, `${where}: the header overflows`).toBe(false);
      expect(layout.inside, `${where}: the header leaves the window`).toBe(true);
      await page.screenshot({
        path: `screenshots/header-admin-${lang}-${width}.png`,
        clip: { x: 0, y: 0, width, height: 64 },
      });
    }
  }
});
