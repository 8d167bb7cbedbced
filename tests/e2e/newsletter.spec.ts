import {
  expect,
  linkIn,
  mailsTo,
  type Page,
  signInAsAdmin,
  signUpAndSignIn,
  test,
  uniqueEmail,
} from "./fixtures";

// The machine is shared; mail round trips and builds can be slow.
test.describe.configure({ timeout: 120_000 });

/** Holds the subscribe request so the 'Subscribing...' state can be seen. */
async function slowSubscribe(page: Page, ms = 700) {
  await page.route("**/api/newsletter/subscribe*", async (route) => {
    await new Promise((r) => setTimeout(r, ms));
    await route.continue();
  });
}

/** Opens a modal; retries the click because a click before hydration does nothing. */
async function openDialog(page: Page, button: string, dialog: string) {
  const locator = page.getByRole("dialog", { name: dialog });
  await expect(async () => {
    if (!(await locator.isVisible())) await page.getByRole("button", { name: button }).first().click();
    await expect(locator).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  return locator;
}

test("full subscribe modal: states, 3 s close, welcome mail, duplicate, unsubscribe and resubscribe", async ({
  page,
}) => {
  const email = uniqueEmail("reader");
  await page.clock.install();
  await page.goto("/");
  const dialog = await openDialog(page, "Subscribe to Newsletter", "Subscribe to Our Newsletter");
  await expect(dialog.getByLabel("Frequency")).toHaveValue("weekly");

  // Client-side check with the shared schema: nothing is sent.
  await dialog.getByRole("button", { name: "Subscribe" }).click();
  await expect(dialog.getByText("This field is required")).toHaveCount(2);

  await dialog.getByLabel("Full Name").fill("Reem Al Mansoori");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Company (optional)").fill("Falcon Capital");
  await dialog.getByLabel("Interests (optional)").fill("UAE equities, gold");
  await dialog.getByLabel("Frequency").selectOption("daily");
  await slowSubscribe(page);
  // From here the page's timers only move when the test moves them.
  await page.clock.pauseAt(Date.now() + 1_000);
  await dialog.getByRole("button", { name: "Subscribe" }).click();
  await expect(dialog.getByRole("button", { name: "Subscribing..." })).toBeDisabled();
  await expect(dialog.getByLabel("Email")).toBeDisabled();

  await expect(dialog.getByRole("status")).toHaveText(
    "Successfully subscribed to our newsletter! Check your inbox for a welcome email.",
  );
  await expect(dialog.getByLabel("Full Name")).toHaveValue("");
  await expect(dialog.getByLabel("Email")).toHaveValue("");
  await expect(dialog.getByLabel("Frequency")).toHaveValue("weekly");
  await page.clock.runFor(2_800);
  await expect(dialog).toBeVisible();
  await page.clock.runFor(300);
  await expect(dialog).toBeHidden();
  await page.clock.resume();

  const [welcome] = await mailsTo(email);
  expect(welcome).toContain("Subject: Welcome to the GulfPulse newsletter");
  expect(welcome).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
  expect(welcome).toContain("daily newsletter");

  // The same address in other letters is a duplicate; the modal stays open with the error.
  await page.unrouteAll();
  await openDialog(page, "Subscribe to Newsletter", "Subscribe to Our Newsletter");
  await dialog.getByLabel("Full Name").fill("Reem again");
  await dialog.getByLabel("Email").fill(email.toUpperCase());
  await dialog.getByRole("button", { name: "Subscribe" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Email already subscribed to newsletter");
  // Past the 3 s close that follows a success: an error keeps the modal open.
  await page.clock.runFor(3_500);
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();

  // The mail's link leads to a confirmation page; only the button unsubscribes.
  await page.goto(linkIn(welcome!, "newsletter/unsubscribe"));
  await expect(
    page.getByRole("heading", { name: "Unsubscribe from the GulfPulse newsletter?" }),
  ).toBeVisible();
  await expect(page.getByText(`You will no longer receive newsletters at ${email}.`)).toBeVisible();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("status")).toHaveText("You have been unsubscribed");
  await expect(page.getByText(`${email} will no longer receive the GulfPulse newsletter.`)).toBeVisible();

  // Resubscribing through the community modal works.
  await page.goto("/");
  const community = await openDialog(page, "Join Community", "Join Our Trading Community");
  await community.getByLabel("Full Name").fill("Reem Al Mansoori");
  await community.getByLabel("Email").fill(email);
  await community.getByRole("button", { name: "Join Community" }).click();
  await expect(community.getByRole("status")).toBeVisible();
});

test("community modal: name and email only, closes after 2 s, duplicate refused", async ({ page }) => {
  const email = uniqueEmail("community");
  await page.clock.install();
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Join Our Trading Community" })).toBeVisible();
  const dialog = await openDialog(page, "Join Community", "Join Our Trading Community");
  await expect(dialog.getByLabel("Company (optional)")).toHaveCount(0);
  await expect(dialog.getByLabel("Frequency")).toHaveCount(0);

  await dialog.getByLabel("Full Name").fill("Faisal");
  await dialog.getByLabel("Email").fill("not-an-email");
  await dialog.getByRole("button", { name: "Join Community" }).click();
  await expect(dialog.getByText("Please enter a valid email address")).toBeVisible();

  await dialog.getByLabel("Email").fill(email);
  await slowSubscribe(page);
  await page.clock.pauseAt(Date.now() + 1_000);
  await dialog.getByRole("button", { name: "Join Community" }).click();
  await expect(dialog.getByRole("button", { name: "Subscribing..." })).toBeVisible();
  await expect(dialog.getByRole("status")).toHaveText(
    "Welcome to the community! You're now subscribed to our updates.",
  );
  await expect(dialog.getByLabel("Full Name")).toHaveValue("");
  await page.clock.runFor(1_800);
  await expect(dialog).toBeVisible();
  await page.clock.runFor(300);
  await expect(dialog).toBeHidden();
  await page.clock.resume();

  await page.unrouteAll();
  await openDialog(page, "Join Community", "Join Our Trading Community");
  await dialog.getByLabel("Full Name").fill("Faisal");
  await dialog.getByLabel("Email").fill(`  ${email.replace("community", "COMMUNITY")}`);
  await dialog.getByRole("button", { name: "Join Community" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Email already subscribed to newsletter");

  // A bot that fills the hidden field is refused and nothing is stored.
  const bot = uniqueEmail("bot");
  const res = await page.request.post("/api/newsletter/subscribe", {
    form: { source: "community", fullName: "Bot", email: bot, gp_confirm_code: "https://spam.example" },
  });
  expect(res.status()).toBe(400);
  const again = await page.request.post("/api/newsletter/subscribe", {
    form: { source: "community", fullName: "Bot", email: bot },
  });
  expect(again.status()).toBe(200);
});

test("modals at 375 and 1280 px (screenshots)", async ({ page }) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    await page.screenshot({ path: `screenshots/newsletter-home-${width}.png` });
    const dialog = await openDialog(page, "Subscribe to Newsletter", "Subscribe to Our Newsletter");
    const box = await dialog.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `screenshots/newsletter-modal-${width}.png` });
    await dialog.getByRole("button", { name: "Close" }).click();
    await page.getByRole("heading", { name: "Join Our Trading Community" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `screenshots/newsletter-community-${width}.png` });
  }
});

test("admin mail tools: admins only, validation texts, real mails, campaign progress, one-click unsubscribe", async ({
  page,
}) => {
  const anonymous = await page.request.post("/api/admin/newsletter/send", {
    data: { subject: "x", content: "y", frequency: "weekly" },
  });
  expect(anonymous.status()).toBe(403);

  const reader = uniqueEmail("member");
  const joined = await page.request.post("/api/newsletter/subscribe", {
    form: { source: "full", fullName: "Weekly Reader", email: reader, frequency: "monthly" },
  });
  expect(joined.status()).toBe(200);

  await signUpAndSignIn(page, uniqueEmail("plain"));
  const notAdmin = await page.request.post("/api/admin/newsletter/welcome", { data: { email: reader } });
  expect(notAdmin.status()).toBe(403);
  await page.context().clearCookies();

  await signInAsAdmin(page);
  const post = async (path: string, data: Record<string, unknown>) => {
    const res = await page.request.post(path, { data });
    return {
      status: res.status(),
      body: (await res.json()) as { ok: boolean; message?: string; error?: string },
    };
  };
  expect(
    await post("/api/admin/newsletter/send", { subject: "Hi", content: "", isTest: true, testEmail: "" }),
  ).toMatchObject({
    status: 400,
    body: { error: "Please fill in all fields including test email" },
  });
  expect(
    await post("/api/admin/newsletter/send", { subject: "", content: "Body", frequency: "weekly" }),
  ).toMatchObject({
    status: 400,
    body: { error: "Please fill in subject and content" },
  });
  expect(await post("/api/admin/newsletter/welcome", { email: "" })).toMatchObject({
    status: 400,
    body: { error: "Please enter a test email address" },
  });
  expect(await post("/api/admin/newsletter/broker-selection", {})).toMatchObject({
    status: 400,
    body: { error: "Please enter a test email address" },
  });

  const editor = uniqueEmail("editor");
  expect(
    await post("/api/admin/newsletter/send", {
      subject: "Preview issue",
      content: "**Bold** move",
      isTest: true,
      testEmail: editor,
    }),
  ).toMatchObject({ status: 200, body: { message: "Test newsletter sent successfully!" } });
  expect(
    await post("/api/admin/newsletter/welcome", {
      email: editor,
      fullName: "Test User",
      frequency: "weekly",
    }),
  ).toMatchObject({ status: 200, body: { message: "Welcome email test sent successfully!" } });
  expect(
    await post("/api/admin/newsletter/broker-selection", {
      email: editor,
      fullName: "Test User",
      brokerName: "Sample Broker",
    }),
  ).toMatchObject({ status: 200, body: { message: "Broker selection email test sent successfully!" } });
  const editorMails = await mailsTo(editor, 3);
  expect(editorMails.some((m) => m.includes("Subject: [Test] Preview issue"))).toBe(true);
  expect(editorMails.some((m) => m.includes("Subject: Welcome to the GulfPulse newsletter"))).toBe(true);
  expect(editorMails.some((m) => m.includes("Subject: Your broker selection: Sample Broker"))).toBe(true);

  const sent = await post("/api/admin/newsletter/send", {
    subject: "Monthly Gulf outlook",
    content: "## Outlook\n\nRates on hold.",
    frequency: "monthly",
  });
  expect(sent).toMatchObject({
    status: 200,
    body: { ok: true, message: "Newsletter sent to all subscribers!" },
  });
  const { campaignId } = sent.body as unknown as { campaignId: string };

  const [issue] = (await mailsTo(reader, 2)).filter((m) => m.includes("Subject: Monthly Gulf outlook"));
  expect(issue).toBeDefined();
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/admin/newsletter/campaigns?id=${campaignId}`);
      return ((await res.json()) as { campaign: { sent: number; pending: number } }).campaign;
    })
    .toMatchObject({ pending: 0 });

  // RFC 8058: the mail client POSTs to the List-Unsubscribe URL, with no cookies.
  const unfolded = issue!.replace(/\r\n[ \t]+/g, " ");
  const header = unfolded.match(/List-Unsubscribe: <([^>]+)>/)![1]!;
  const oneClick = await fetch(header, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example.net" },
    body: "List-Unsubscribe=One-Click",
  });
  expect(oneClick.status).toBe(200);
  await page.goto(linkIn(issue!, "newsletter/unsubscribe"));
  await expect(page.getByText(`${reader} is not subscribed to the GulfPulse newsletter.`)).toBeVisible();
});
