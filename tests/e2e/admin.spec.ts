import {
  ADMIN_EMAIL as ADMIN,
  test as base,
  expect,
  hydrated,
  mailsTo,
  type Page,
  signInAsAdmin,
  signUpAndSignIn,
  uniqueEmail,
} from "./fixtures";

/**
 * Mail previews are iframes with sandbox="" (no scripts). Playwright's own instrumentation tries to
 * set up its script world in every frame, and Chromium reports each refusal as a console error.
 * That message is the sandbox doing its job, so it is dropped before the console check; every
 * other console error still fails the test.
 */
const SANDBOX_REFUSAL =
  /^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/;
const test = base.extend<{ sandboxRefusals: void }>({
  sandboxRefusals: [
    async ({ consoleErrors }, use) => {
      await use();
      for (let i = consoleErrors.length - 1; i >= 0; i--)
        if (SANDBOX_REFUSAL.test(consoleErrors[i]!)) consoleErrors.splice(i, 1);
    },
    { auto: true },
  ],
});

// Generous timeouts: the machine these run on is shared and often busy.
test.describe.configure({ mode: "serial", timeout: 120_000 });

async function goto(page: Page, url: string) {
  await page.goto(url);
  await hydrated(page);
}

async function openTab(page: Page, tab: string, name: string) {
  await goto(page, `/admin?tab=${tab}`);
  await expect(page.getByRole("tab", { name, exact: true })).toHaveAttribute("aria-selected", "true");
}

test("every tab works at phone and desktop widths; screenshots", async ({ page }) => {
  test.setTimeout(180_000); // twelve full-page screenshots on a shared two-core machine
  await signInAsAdmin(page);
  // The header's admin menu leads to the tabs.
  await page.getByRole("button", { name: "Admin", exact: true }).click();
  await page.getByRole("menuitem", { name: "Site Settings" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=settings/);

  const tabs: Array<[string, string, RegExp | string]> = [
    ["overview", "Overview", "Site Status"],
    ["users", "Users", ADMIN],
    ["content", "Content", "New article"],
    ["newsletter", "Newsletter", "Send newsletter"],
    ["email-templates", "Email Templates", "Email test tool"],
    ["settings", "Settings", "Instruments in the home overview"],
  ];
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [tab, name, text] of tabs) {
      await openTab(page, tab, name);
      await expect(page.getByRole("tabpanel").getByText(text).first()).toBeVisible();
      await page.screenshot({ path: `screenshots/admin-${tab}-${width}.png`, fullPage: true });
    }
  }

  // Overview: real counts and a Site Status that names what is degraded, if anything.
  await page.setViewportSize({ width: 1280, height: 900 });
  await openTab(page, "overview", "Overview");
  const panel = page.getByRole("tabpanel");
  for (const label of ["Total Users", "Newsletter Subscribers", "Email Templates", "Site Status"])
    await expect(panel.getByText(label, { exact: true })).toBeVisible();
  await expect(panel.getByText(/^(All systems operational|Degraded: .+)$/)).toBeVisible();
  for (const check of ["Database", "Job leader", "Market feed", "Feeds", "Mail delivery"])
    await expect(panel.getByRole("listitem").filter({ hasText: check }).first()).toBeVisible();
});

test("creating an article: Markdown preview is sanitized, the article is listed and editable", async ({
  page,
}) => {
  await signInAsAdmin(page);
  await openTab(page, "content", "Content");
  await page.getByRole("link", { name: "New article" }).click();
  const title = `Gulf PMI rises ${Date.now()}`;
  await page.getByLabel("Title *").fill(title);
  await page.getByLabel("Section *").selectOption("economic");
  await page.getByLabel("Excerpt").fill("Non-oil activity expanded.");
  await page
    .getByLabel("Body (Markdown)")
    .fill("Activity **expanded** in May.\n\n<script>window.hacked = 1</script><img src=x onerror=alert(1)>");
  // The English body's editor comes first; the optional Arabic body has its own Preview.
  await page.getByRole("button", { name: "Preview" }).first().click();
  const preview = page.getByTestId("markdown-preview");
  await expect(preview.locator("strong")).toHaveText("expanded");
  expect(await preview.innerHTML()).not.toMatch(/script|onerror/);
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("Created.").first()).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toBeVisible();

  // A second article with the same title gets its own slug; a taken slug is refused.
  await page.getByRole("link", { name: "New article" }).click();
  await page.getByLabel("Title *").fill(`${title} (2)`);
  await page.getByLabel("Slug").fill(title.toLowerCase().replace(/[^a-z0-9]+/g, "-"));
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("Another article already uses this slug.").first()).toBeVisible();
  await page.getByRole("link", { name: "Cancel" }).click();

  await page.screenshot({ path: "screenshots/admin-content-articles-1280.png", fullPage: true });

  // It appears on its news page, and its own page shows the rendered, sanitized body.
  await goto(page, "/news/economic");
  await page.getByRole("link", { name: title, exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.locator("main strong", { hasText: "expanded" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();

  // Unpublishing takes it off the news page.
  await goto(page, "/admin?tab=content&type=articles");
  await page.getByRole("row").filter({ hasText: title }).getByRole("link", { name: /^Edit/ }).click();
  await expect(page.getByLabel("Title *")).toHaveValue(title);
  await page.getByLabel("Published").uncheck();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Changes saved.").first()).toBeVisible();
  await goto(page, "/news/economic");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: title, exact: true })).toHaveCount(0);

  // Deleting asks first, then removes it (other specs count the seeded articles).
  await goto(page, "/admin?tab=content&type=articles");
  page.once("dialog", (d) => void d.accept());
  await page.getByRole("button", { name: `Delete: ${title}` }).click();
  await expect(page.getByText("Deleted.").first()).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(0);
});

test("adding a blacklist entry", async ({ page }) => {
  await signInAsAdmin(page);
  await goto(page, "/admin?tab=content&type=blacklist");
  await page.getByRole("link", { name: "New blacklist entry" }).click();
  const name = `Mirage Capital ${Date.now()}`;
  await page.getByLabel("Name *").fill(name);
  await page.getByLabel("Severity *").selectOption("urgent");
  // Client-side check with the action's schema: nothing is sent while required fields are empty.
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("Reason is required")).toBeVisible();
  await page.getByLabel("Reason *").fill("Unlicensed; impersonates a DFSA-regulated firm");
  await page.getByLabel("Warning *").fill("Do not deposit funds. Report contact attempts.");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("row").filter({ hasText: name })).toBeVisible();

  await goto(page, "/brokers/blacklisted");
  const card = page.locator("main").getByText(name).first();
  await expect(card).toBeVisible();
  await expect(page.locator("main")).toContainText("Unlicensed; impersonates a DFSA-regulated firm");
  await expect(page.locator("main")).toContainText("URGENT RISK");
});

test("newsletter: validation texts, a test send that shows up in the mail viewer, a campaign", async ({
  page,
}) => {
  await signInAsAdmin(page);
  await openTab(page, "newsletter", "Newsletter");
  const form = page.getByRole("tabpanel");
  await form.getByRole("button", { name: "Send Test" }).click();
  await expect(form.getByText("Please fill in all fields including test email")).toBeVisible();
  await form.getByRole("button", { name: "Send to Subscribers" }).click();
  await expect(form.getByText("Please fill in subject and content")).toBeVisible();

  const subject = `Gulf weekly ${Date.now()}`;
  const testEmail = uniqueEmail("nl-test");
  await form.getByLabel("Subject", { exact: true }).fill(subject);
  await form.getByLabel("Content", { exact: true }).fill("Markets **rallied** this week.");
  await form.getByLabel("Test email").fill(testEmail);
  await form.getByRole("button", { name: "Send Test" }).click();
  await expect(form.getByText("Test newsletter sent successfully!")).toBeVisible();
  // A test keeps the form filled.
  await expect(form.getByLabel("Subject", { exact: true })).toHaveValue(subject);
  await mailsTo(testEmail);

  // The mail viewer lists it; its body opens in a sandboxed frame.
  await goto(page, "/admin?tab=email-templates");
  const mailRow = page.getByRole("row").filter({ hasText: testEmail });
  await expect(mailRow).toContainText(subject);
  await mailRow.getByRole("link", { name: /^View/ }).click();
  await expect(page).toHaveURL(/[?&]mail=/);
  const frame = page.locator(`iframe[title^="Mail: "]`);
  await expect(frame).toHaveAttribute("sandbox", "");
  // Checked on the attribute: scripts (Playwright's own included) cannot run inside sandbox="".
  await expect(frame).toHaveAttribute("srcdoc", /<strong>rallied<\/strong>/);

  // Sending to everyone clears the form and shows up in the campaign history.
  await openTab(page, "newsletter", "Newsletter");
  await form.getByLabel("Subject", { exact: true }).fill(subject);
  await form.getByLabel("Content", { exact: true }).fill("Markets rallied this week.");
  await form.getByRole("button", { name: "Send to Subscribers" }).click();
  await expect(form.getByText("Newsletter sent to all subscribers!")).toBeVisible();
  await expect(form.getByLabel("Subject", { exact: true })).toHaveValue("");
  await expect(page.getByRole("row").filter({ hasText: subject })).toBeVisible();
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
    "href",
    "/admin/subscribers.csv",
  );
  const csv = await page.request.get("/admin/subscribers.csv");
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect(await csv.text()).toMatch(/^email,full_name,company,interests,frequency,is_active,subscribed_at/);
});

test("email templates: previews in a sandboxed frame and the test tool", async ({ page }) => {
  await signInAsAdmin(page);
  await openTab(page, "email-templates", "Email Templates");
  const preview = page.locator('iframe[title^="Preview of"]');
  await expect(preview).toHaveAttribute("sandbox", "");
  expect(await preview.getAttribute("srcdoc")).toBeTruthy();

  const panel = page.getByRole("tabpanel");
  await panel.getByRole("button", { name: "Test Welcome Email" }).click();
  await expect(panel.getByText("Please enter a test email address")).toBeVisible();
  const to = uniqueEmail("template-test");
  await panel.getByLabel("Test email address").fill(to);
  await panel.getByRole("button", { name: "Test Welcome Email" }).click();
  await expect(panel.getByText("Welcome email test sent successfully!")).toBeVisible();
  await panel.getByRole("button", { name: "Test Broker Selection Email" }).click();
  await expect(panel.getByText("Broker selection email test sent successfully!")).toBeVisible();
  const mails = await mailsTo(to, 2);
  expect(mails.join("\n")).toContain("Test User");
  expect(mails.join("\n")).toContain("Sample Broker");
});

test("granting admin to a user, who then sees the admin menu; banning signs them out", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("promoted");
  const other = await browser.newContext();
  const userPage = await other.newPage();
  await signUpAndSignIn(userPage, email);
  await expect(userPage.getByRole("button", { name: "Admin", exact: true })).toHaveCount(0);

  await signInAsAdmin(page);
  await goto(page, `/admin?tab=users&q=${encodeURIComponent(email)}`);
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Member");
  await row.getByRole("button", { name: `Make admin: ${email}` }).click();
  await expect(row).toContainText("Admin");

  await userPage.reload();
  await expect(userPage.getByRole("button", { name: "Admin", exact: true })).toBeVisible();
  await goto(userPage, "/admin?tab=users");
  await expect(userPage.getByRole("tab", { name: "Users" })).toHaveAttribute("aria-selected", "true");

  page.once("dialog", (d) => void d.accept());
  await row.getByRole("button", { name: `Ban: ${email}` }).click();
  await expect(row).toContainText("Banned");
  await goto(userPage, "/admin");
  await expect(userPage).toHaveURL(/\/$/);
  await expect(userPage.getByRole("link", { name: "Sign In", exact: true })).toBeVisible();
  await goto(userPage, "/auth");
  await userPage.getByLabel("Email").fill(email);
  await userPage.getByLabel("Password").fill("secret123");
  await userPage.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(userPage.getByRole("alert")).toContainText("suspended");

  // The audit log names who did it.
  await goto(page, "/admin?tab=overview");
  const audit = page.getByRole("region", { name: "Audit log" });
  await expect(audit.getByRole("row").filter({ hasText: "user.grant_admin" }).first()).toContainText(ADMIN);
  await expect(audit.getByRole("row").filter({ hasText: "user.ban" }).first()).toContainText(email);
  await other.close();
});

test("changing the site name shows it in the header without a restart", async ({ page }) => {
  await signInAsAdmin(page);
  await openTab(page, "settings", "Settings");
  const name = `Gulf Desk ${Date.now() % 10_000}`;
  const siteName = page.getByLabel("Site name");
  const original = await siteName.inputValue();
  await siteName.fill("");
  await page.getByRole("region", { name: "Site", exact: true }).getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Site name is required")).toBeVisible();
  await siteName.fill(name);
  await page.getByRole("region", { name: "Site", exact: true }).getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Site settings saved.").first()).toBeVisible();
  await goto(page, "/");
  await expect(page.locator("header").getByRole("link", { name }).first()).toBeVisible();
  await expect(page.locator("footer")).toContainText(name);

  // Read-only provider status with a working 'Test connection' (offline assistant in e2e).
  await openTab(page, "settings", "Settings");
  await page.getByRole("button", { name: "Test connection" }).click();
  await expect(page.getByRole("tabpanel").getByText(/offline assistant answers chat/)).toBeVisible();
  await page.getByLabel("Site name").fill(original);
  await page.getByRole("region", { name: "Site", exact: true }).getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Site settings saved.").first()).toBeVisible();
});
