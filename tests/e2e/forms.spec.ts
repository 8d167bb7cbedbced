import { expect, mailsTo, type Page, test, uniqueEmail } from "./fixtures";

// The machine is shared; mail round trips and builds can be slow.
test.describe.configure({ timeout: 120_000 });

const TEAM = "team@gulfpulse.local";
const VALIDATION = "Validation Error: Please fill in all required fields";
const INVALID_EMAIL = "Invalid Email: Please enter a valid email address";

/** Holds the page's form POST so the sending state can be seen. */
async function slowPost(page: Page, path: string, ms = 800) {
  await page.route(`**${path}*`, async (route) => {
    if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, ms));
    await route.continue();
  });
}

/** Mails forwarded to the team that mention the address (the sender is their Reply-To). */
async function teamMailsFrom(email: string) {
  const res = await fetch(`http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4173) + 1001}/?to=${TEAM}`);
  return ((await res.json()) as Array<{ raw: string }>)
    .map((m) => m.raw)
    .filter((raw) => raw.includes(email));
}

function optionsOf(page: Page, label: string) {
  return page
    .getByLabel(label)
    .locator("option")
    .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value).filter(Boolean));
}

test("contact: details, validation texts, sending state, success, mail to the team", async ({ page }) => {
  await page.goto("/contact");
  await expect(page.getByRole("heading", { name: "Contact Us", level: 1 })).toBeVisible();
  await expect(page.getByText("Sunday to Thursday")).toBeVisible();
  await expect(page.getByText("8:00 AM to 6:00 PM")).toBeVisible();
  await expect(page.getByText("Friday and Saturday")).toBeVisible();
  await expect(page.getByText("Closed", { exact: true })).toBeVisible();
  expect(await optionsOf(page, "Subject")).toEqual([
    "general",
    "partnership",
    "support",
    "advertising",
    "feedback",
  ]);

  const send = page.getByRole("button", { name: "Send Message" });
  await send.click();
  await expect(page.getByRole("alert")).toHaveText(VALIDATION);

  const email = uniqueEmail("contact");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill("Abdullah");
  await page.getByLabel("Email").fill("abdullah@nowhere");
  await page.getByLabel("Subject").selectOption("support");
  await page.getByRole("textbox", { name: "Message" }).fill("   ");
  await send.click();
  await expect(page.getByRole("alert")).toHaveText(VALIDATION);
  await page.getByRole("textbox", { name: "Message" }).fill("My alerts stopped after I changed my password.");
  await send.click();
  await expect(page.getByRole("alert")).toHaveText(INVALID_EMAIL);

  await page.getByLabel("Email").fill(email);
  await slowPost(page, "/contact");
  await send.click();
  await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
  await expect(page.getByRole("textbox", { name: "Message" })).toBeDisabled();
  await expect(page.getByRole("status")).toHaveText(
    "Message Sent! Thank you for contacting us. We'll get back to you soon.",
  );
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("");
  await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue("");

  await expect.poll(async () => (await teamMailsFrom(email)).length, { timeout: 20_000 }).toBe(1);
  const [forwarded] = await teamMailsFrom(email);
  expect(forwarded).toContain("Subject: Contact form: Abdullah");
  expect(forwarded).toContain(`Reply-To: ${email}`);
});

test("contact: the server validates too, and the honeypot drops bots", async ({ page }) => {
  // Straight to the action, past the page's own checks: 400 and nothing forwarded.
  const email = uniqueEmail("direct");
  const bad = await page.request.post("/contact", {
    form: { name: "", email, subject: "general", message: "Hello" },
  });
  expect(bad.status()).toBe(400);
  const badOption = await page.request.post("/contact", {
    form: { name: "X", email, subject: "spam", message: "Hello" },
  });
  expect(badOption.status()).toBe(400);

  await page.goto("/contact");
  const bot = uniqueEmail("bot");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill("Bot");
  await page.getByLabel("Email").fill(bot);
  await page.getByRole("textbox", { name: "Message" }).fill("Buy followers");
  await page.locator('input[name="gp_confirm_code"]').evaluate((el) => {
    (el as HTMLInputElement).value = "https://spam.example";
  });
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("alert")).toHaveText("Failed to send your message. Please try again.");

  // A real person's message sent after both still arrives; the bot's and the invalid one never do.
  const person = uniqueEmail("person");
  await page.getByLabel("Email").fill(person);
  await page.getByRole("textbox", { name: "Name", exact: true }).fill("Person");
  await page.getByRole("textbox", { name: "Message" }).fill("Hello");
  await page.locator('input[name="gp_confirm_code"]').evaluate((el) => {
    (el as HTMLInputElement).value = "";
  });
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status")).toContainText("Message Sent!");
  await mailsTo(TEAM);
  await expect.poll(async () => (await teamMailsFrom(person)).length, { timeout: 20_000 }).toBe(1);
  expect(await teamMailsFrom(bot)).toEqual([]);
  expect(await teamMailsFrom(email)).toEqual([]);
});

test("partner: benefits, offer, stats, every field required, success", async ({ page }) => {
  await page.goto("/partner");
  await expect(page.getByRole("heading", { name: "Why Partner With GulfPulse" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "What We Offer" })).toBeVisible();
  await expect(page.getByText("50K+")).toBeVisible();
  expect(await optionsOf(page, "Partnership Type")).toEqual([
    "Broker Listing",
    "IB Program",
    "Advertising",
    "Content",
  ]);
  expect(await optionsOf(page, "Country")).toEqual([
    "UAE",
    "Saudi Arabia",
    "Kuwait",
    "Qatar",
    "Bahrain",
    "Oman",
    "Jordan",
    "Other",
  ]);

  const email = uniqueEmail("partner");
  const submit = page.getByRole("button", { name: "Submit Application" });
  await page.getByLabel("Company Name").fill("Emirates Markets Ltd");
  await page.getByLabel("Contact Name").fill("Hessa");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("+971 50 000 0000");
  await page.getByLabel("Country").selectOption("UAE");
  await page.getByLabel("Tell us about your company and goals").fill("We want to join the IB programme.");
  await submit.click();
  // The partnership type is still missing.
  await expect(page.getByRole("alert")).toHaveText(VALIDATION);
  await expect(page.getByText("This field is required")).toHaveCount(1);
  await page.getByLabel("Partnership Type").selectOption("IB Program");
  await slowPost(page, "/partner");
  await submit.click();
  await expect(page.getByRole("button", { name: "Submitting..." })).toBeDisabled();
  await expect(page.getByRole("status")).toHaveText(
    "Application Submitted! Thank you for your interest in partnering with GulfPulse. Our partnerships team will contact you within 2 business days.",
  );
  await expect(page.getByLabel("Company Name")).toHaveValue("");
  await expect(page.getByLabel("Partnership Type")).toHaveValue("");
  await expect.poll(async () => (await teamMailsFrom(email)).length, { timeout: 20_000 }).toBe(1);
  expect((await teamMailsFrom(email))[0]).toContain("Subject: Partnership application: Hessa");
});

test("live market access: option lists, optional additional info, success", async ({ page }) => {
  await page.goto("/live-markets");
  await expect(page.getByRole("heading", { name: "What You Get" })).toBeVisible();
  expect(await optionsOf(page, "Trading Experience")).toEqual([
    "Beginner",
    "Intermediate",
    "Advanced",
    "Expert",
  ]);
  expect(await optionsOf(page, "Preferred Markets")).toEqual([
    "Forex",
    "Stocks",
    "Commodities",
    "All Markets",
  ]);
  expect(await optionsOf(page, "Investment Amount")).toEqual([
    "Under $10,000",
    "$10,000 - $50,000",
    "$50,000 - $100,000",
    "Over $100,000",
  ]);
  expect(await optionsOf(page, "Risk Tolerance")).toEqual(["Conservative", "Moderate", "Aggressive"]);

  const submit = page.getByRole("button", { name: "Request Access" });
  await submit.click();
  await expect(page.getByRole("alert")).toHaveText(VALIDATION);
  // Every field but Additional Information is flagged.
  await expect(page.getByText("This field is required")).toHaveCount(8);

  const email = uniqueEmail("access");
  await page.getByLabel("Full Name").fill("Saad");
  await page.getByLabel("Email").fill("saad@");
  await page.getByLabel("Phone").fill("+974 5555 0000");
  await page.getByLabel("Country").selectOption("Qatar");
  await page.getByLabel("Trading Experience").selectOption("Intermediate");
  await page.getByLabel("Preferred Markets").selectOption("Stocks");
  await page.getByLabel("Investment Amount").selectOption("$10,000 - $50,000");
  await page.getByLabel("Risk Tolerance").selectOption("Conservative");
  await submit.click();
  await expect(page.getByRole("alert")).toHaveText(INVALID_EMAIL);
  await page.getByLabel("Email").fill(email);
  await submit.click();
  await expect(page.getByRole("status")).toHaveText(
    "Request Received! Thank you for your interest in Live Market Access. Our team will review your request and contact you soon.",
  );
  await expect(page.getByLabel("Full Name")).toHaveValue("");
  await expect.poll(async () => (await teamMailsFrom(email)).length, { timeout: 20_000 }).toBe(1);
});

test("form pages at 375 and 1280 px (screenshots)", async ({ page }) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ["/contact", "/partner", "/live-markets"]) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} at ${width}px scrolls sideways`).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: `screenshots/forms${path.replace("/", "-")}-${width}.png`,
        fullPage: true,
      });
    }
    await page.goto("/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("alert")).toHaveText(VALIDATION);
    await page.screenshot({ path: `screenshots/forms-contact-errors-${width}.png`, fullPage: true });
  }
});
