import { loadDocumentedVerifier, startTestReceiver } from "../../server/delivery/test-receiver";
import { expect, type Page, signUpAndSignIn, test, uniqueEmail } from "./fixtures";

// Alert delivery beyond the site (docs/product/alerts.md, Webhooks): a webhook endpoint on a
// loopback receiver (the e2e server allows loopback webhooks), a signed test event, then an alert
// that fires from the market feed and is delivered to it, seen in the alert's delivery log.
// SCREENSHOTS=<dir> also saves the account page in English and Arabic, desktop and 390 px wide.

/** Screenshots of a page in both languages and widths, each in a tab of its own (same session). */
async function shoot(page: Page, path: string, name: string, ready: (p: Page) => Promise<void>) {
  const dir = process.env.SCREENSHOTS;
  if (!dir) return;
  for (const [lang, prefix] of [
    ["en", ""],
    ["ar", "/ar"],
  ] as const) {
    for (const width of [1280, 390]) {
      const tab = await page.context().newPage();
      await tab.setViewportSize({ width, height: 900 });
      await tab.goto(prefix + path);
      await ready(tab);
      await tab.screenshot({ path: `${dir}/${name}-${lang}-${width}.png`, fullPage: true });
      await tab.close();
    }
  }
}

async function openForm(page: Page) {
  const form = page.getByRole("form", { name: "Create Price Alert" });
  if (!(await form.isVisible())) await page.getByRole("button", { name: "New Alert" }).click();
  await expect(form).toBeVisible();
  return form;
}

/** The latest price of a crypto instrument from the market API. */
async function livePrice(page: Page, symbol: string): Promise<number> {
  const bundle = (await (await page.request.get("/api/market")).json()) as {
    crypto: Array<{ symbol: string; price: number }>;
  };
  return bundle.crypto.find((q) => q.symbol === symbol)!.price;
}

test("a webhook endpoint gets a signed test event and an alert's delivery, shown in its delivery log", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const receiver = await startTestReceiver();
  const verify = await loadDocumentedVerifier();
  const alertEvents = () => receiver.received.filter((r) => !r.body.includes('"type":"test"'));
  try {
    await signUpAndSignIn(page, uniqueEmail("webhook"));
    await page.goto("/account");
    const settings = page.getByTestId("webhook-settings");
    await expect(settings.getByText("No webhook endpoints yet. Add one below.")).toBeVisible();

    // A bad address is refused with its message; nothing is added.
    await settings.getByLabel("Endpoint URL (https)").fill("not a url");
    await settings.getByRole("button", { name: "Add webhook" }).click();
    await expect(
      settings.getByText("Enter a valid URL, e.g. https://example.com/hooks/gulfpulse"),
    ).toBeVisible();

    await settings.getByLabel("Endpoint URL (https)").fill(receiver.url);
    await settings.getByLabel("Label (optional)").fill("My trading bot");
    await settings.getByRole("button", { name: "Add webhook" }).click();
    await expect(page.getByText("Webhook added")).toBeVisible();
    const row = settings.getByTestId("webhook-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("My trading bot");
    await expect(row).toContainText("Default");

    // The signing secret, shown to its owner, verifies the test event with the documented code.
    await settings.getByRole("button", { name: "Show secret" }).click();
    const secret = (await settings.getByTestId("webhook-secret").textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await row.getByRole("button", { name: "Send test" }).click();
    await expect(page.getByText("Test event queued")).toBeVisible();
    await expect.poll(() => receiver.accepted().length, { timeout: 15_000 }).toBe(1);
    const test0 = receiver.received[0]!;
    expect(JSON.parse(test0.body)).toMatchObject({ type: "test", id: test0.headers["x-gulfpulse-event-id"] });
    expect(verify(secret, test0.body, test0.headers["x-gulfpulse-signature"] as string)).toBe(true);
    await page.reload();
    await expect(settings.getByTestId("webhook-row")).toContainText(/Last delivery: Delivered \(200\)/);
    await shoot(page, "/account", "account-webhooks", async (tab) => {
      await expect(tab.getByTestId("webhook-row").first()).toContainText("200");
    });

    // Two crossing alerts a cent above and below BTC (it moves every second on the e2e server),
    // each with push and the webhook (the account default): whichever way it goes, one fires.
    // Each target is set from the price of the moment (the API), not the page's loaded price,
    // which a busy machine can leave many ticks behind.
    await page.goto("/price-alerts");
    for (const [type, cents] of [
      ["Price crosses above", 0.01],
      ["Price crosses below", -0.01],
    ] as const) {
      const form = await openForm(page);
      await form.getByLabel("Symbol").fill("BTC");
      await form.getByLabel("Alert Type").selectOption({ label: type });
      await form.getByLabel("Target Price").fill(((await livePrice(page, "BTC")) + cents).toFixed(2));
      await form.getByLabel("Push notification").check();
      await form.getByLabel("Webhook", { exact: true }).check();
      await form.getByRole("button", { name: "Create Alert" }).click();
      await expect(form).toHaveCount(0);
    }
    await expect(page.getByTestId("alert-row")).toHaveCount(2);

    // The toast over the live stream, then the webhook at the receiver: signed, once per event.
    await expect(page.getByText(/^BTC crossed (above|below) /).first()).toBeVisible({ timeout: 45_000 });
    await expect.poll(() => alertEvents().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    const ids = receiver.received.map((r) => r.headers["x-gulfpulse-event-id"]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of alertEvents()) {
      expect(verify(secret, r.body, r.headers["x-gulfpulse-signature"] as string)).toBe(true);
      expect(JSON.parse(r.body)).toMatchObject({
        id: r.headers["x-gulfpulse-event-id"],
        type: "alert.triggered",
        alert: { symbol: "BTC" },
      });
    }

    // The History row, and the fired alert's delivery log: the webhook delivered with a 200.
    await page.goto("/price-alerts?tab=history");
    const history = page.getByTestId("trigger-row").first();
    await expect(history).toContainText(/BTC crossed (above|below)/);
    await expect(history).toContainText("Webhook: delivered");
    await page.getByRole("tab", { name: "Manage Alerts" }).click();
    // (Both alerts may have fired by now, and rows re-sort as they do: open every row's log.)
    const logs = page.getByTestId("delivery-log");
    await expect(logs).toHaveCount(2);
    for (const summary of await logs.locator("summary").all()) await summary.click();
    const delivery = page
      .getByTestId("delivery-entry")
      .filter({ hasText: "Webhook" })
      .filter({ hasText: "Delivered" });
    await expect(delivery.first()).toContainText("My trading bot");
    await expect(delivery.first().getByTestId("delivery-attempt").first()).toContainText("200");
    await shoot(page, "/price-alerts", "alert-delivery-log", async (tab) => {
      for (const summary of await tab.getByTestId("delivery-log").locator("summary").all())
        await summary.click();
      await expect(tab.getByTestId("delivery-attempt").first()).toBeVisible();
    });
  } finally {
    await receiver.close();
  }
});
