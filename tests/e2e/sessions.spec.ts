import {
  ADMIN_EMAIL,
  expect,
  hydrated,
  signIn,
  signInAsAdmin,
  signUpAndSignIn,
  test,
  uniqueEmail,
} from "./fixtures";

test("Sign out everywhere on the account page ends the session in another browser too", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("everywhere");
  await signUpAndSignIn(page, email);
  const elsewhere = await browser.newContext();
  try {
    const other = await elsewhere.newPage();
    await signIn(other, email);
    await other.goto("/about");
    await expect(other.getByText(email).first()).toBeAttached();

    await page.goto("/account");
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Signed-in devices" })).toBeVisible();
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeAttached();

    // The other browser still holds its cookie; the server no longer knows the session.
    await other.goto("/about");
    await expect(other.getByRole("link", { name: "Sign In" }).first()).toBeAttached();
    await expect(other.getByText(email)).toHaveCount(0);
  } finally {
    await elsewhere.close();
  }
});

test("a reader sent to sign in from a page comes back to it after signing in, in its language", async ({
  page,
  context,
  baseURL,
}) => {
  const email = uniqueEmail("back");
  await signUpAndSignIn(page, email);
  await context.clearCookies();

  // The Arabic account page's sign-in link carries the page to return to.
  await page.goto("/ar/account");
  await hydrated(page);
  await page.locator("main").getByRole("link", { name: "تسجيل الدخول" }).click();
  await page.waitForURL((url) => url.pathname === "/ar/auth");
  expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/account");
  await hydrated(page);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill("secret123");
  await page.locator('main form button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === "/ar/account");
  await expect(page.getByText(email).first()).toBeAttached();

  // Any page of the site, in English too; another site is never a destination.
  await context.clearCookies();
  await page.goto("/auth?redirectTo=%2Fabout");
  await signIn(page, email);
  expect(new URL(page.url()).pathname).toBe("/about");
  await context.clearCookies();
  await page.goto("/auth?redirectTo=%2F.%2F%2Fevil.example");
  await signIn(page, email);
  expect(page.url()).toBe(new URL("/", baseURL).href);
});

test("a visitor's theme and digits come from the shared page cache, with that theme and those digits", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([
    { name: "theme", value: "dark", url: baseURL! },
    { name: "digits", value: "arab", url: baseURL! },
  ]);
  await page.goto("/ar");
  const again = await page.goto("/ar");
  expect(again?.headers()["x-page-cache"]).toBe("hit");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await hydrated(page);
  // After hydration too: the page the browser kept is the one for these choices.
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(page.locator("main")).toContainText(/[\u0660-\u0669]/);
});

test("a signed-in admin reading a shared page gets the stored copy, with their header after hydration", async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto("/about");
  const res = await page.goto("/about");
  // The shared copy with who the reader is spliced in, not a render of its own.
  expect(res?.headers()["x-page-cache"]).toBe("personal");
  expect(res?.headers()["cache-control"]).toBe("private, no-cache");
  await hydrated(page);
  const header = page.locator("header");
  await expect(header.getByRole("button", { name: "Account" })).toContainText(ADMIN_EMAIL);
  await expect(header.getByRole("button", { name: "Admin", exact: true })).toBeVisible();
  await expect(header.getByRole("link", { name: "Sign In", exact: true })).toHaveCount(0);
  // The island was read once: after signing out the Sign In button shows again.
  await header.getByRole("button", { name: "Account" }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(header.getByRole("link", { name: "Sign In", exact: true })).toBeVisible();
  await expect(header.getByRole("button", { name: "Admin", exact: true })).toHaveCount(0);
});
