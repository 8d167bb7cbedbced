import { test as base, expect, type Page } from "@playwright/test";

export type { Page };

/**
 * A page's scripts start after its first paint (docs/decisions/034): until React has hydrated, a
 * click on a control that only JavaScript handles (a tab, a dialog's button) does nothing. A reader
 * sees the page become interactive within a moment; a test acting at once would lose its click.
 * So, as a reader waits, `goto` and `reload` return once a page that carries those scripts has
 * hydrated (a response that is not such a page returns at once).
 */
async function settled(page: Page) {
  await page.waitForFunction(
    () => {
      if (!document.getElementById("rr-scripts-after-paint")) return true;
      const main = document.querySelector("main");
      if (main) return Object.keys(main).some((k) => k.startsWith("__reactFiber"));
      // A page without a <main> (an error page): its route modules have run.
      return "__reactRouterRouteModules" in window;
    },
    null,
    { timeout: 30_000 },
  );
}

/** Every page fails its test on a browser console error (CONVENTIONS 15). */
export const test = base.extend<{ consoleErrors: string[] }>({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await settled(page);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      await settled(page);
      return response;
    };
    await use(page);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        // A 4xx answer (validation, 404 page) is an expected outcome asserted by the test itself.
        if (msg.type() === "error" && !/status of 4\d\d/.test(msg.text())) errors.push(msg.text());
      });
      page.on("pageerror", (err) => errors.push(err.message));
      await use(errors);
      expect(errors, "browser console errors").toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

const mailHttpPort = Number(process.env.E2E_PORT ?? 4173) + 1001;

/** Waits for mail to an address at the loopback SMTP server and returns the raw messages. */
export async function mailsTo(to: string, atLeast = 1): Promise<string[]> {
  let raws: string[] = [];
  await expect
    .poll(
      async () => {
        const res = await fetch(`http://127.0.0.1:${mailHttpPort}/?to=${encodeURIComponent(to)}`);
        raws = ((await res.json()) as Array<{ raw: string }>).map((m) => m.raw);
        return raws.length;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(atLeast);
  return raws;
}

/** The first link in a raw mail whose URL contains `fragment` (quoted-printable soft breaks undone). */
export function linkIn(raw: string, fragment: string): string {
  const decoded = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const match = decoded.match(new RegExp(`https?://[^\\s"<>]*${fragment}[^\\s"<>]*`));
  if (!match) throw new Error(`no link with ${fragment} in mail`);
  return match[0].replace(/&amp;/g, "&");
}

export function uniqueEmail(prefix = "user") {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@e2e.test`;
}

/** Signs up through the UI, follows the verification link from the real mail, and signs in. */
export async function signUpAndSignIn(
  page: Page,
  email: string,
  password = "secret123",
  name = "Test Trader",
) {
  await page.goto("/auth");
  await hydrated(page);
  await page.getByRole("button", { name: "Don't have an account? Sign up" }).click();
  await page.getByLabel("Full Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByRole("status")).toHaveText("Check your email for verification link!");
  const [raw] = await mailsTo(email);
  await page.goto(linkIn(raw!, "verify-email"));
  await expect(page.getByText("Your email is verified. You can sign in now.")).toBeVisible();
  await signIn(page, email, password);
}

export async function signIn(page: Page, email: string, password = "secret123") {
  if (!page.url().includes("/auth")) await page.goto("/auth");
  await hydrated(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText("Successfully signed in!").first()).toBeVisible();
  await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
}

/** Clicks before React hydrates are replayed too early for the router; wait until it has. */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const el = document.querySelector("main");
    return Boolean(el && Object.keys(el).some((k) => k.startsWith("__reactFiber")));
  });
}

export const ADMIN_EMAIL = "admin@e2e.test";

/**
 * Signs in as admin@e2e.test (made admin by ADMIN_EMAILS on the e2e server), creating the account
 * first if no earlier spec of the run did.
 */
export async function signInAsAdmin(page: Page) {
  await page.goto("/auth");
  await hydrated(page);
  await page.getByLabel("Email").fill(ADMIN_EMAIL);
  await page.getByLabel("Password").fill("secret123");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  const outcome = await Promise.race([
    page
      .getByText("Successfully signed in!")
      .first()
      .waitFor()
      .then(() => "in" as const),
    page
      .getByRole("alert")
      .first()
      .waitFor()
      .then(() => "no-account" as const),
  ]);
  if (outcome === "no-account") await signUpAndSignIn(page, ADMIN_EMAIL);
  await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
}
