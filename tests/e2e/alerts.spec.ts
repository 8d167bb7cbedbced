import { expect, type Page, signUpAndSignIn, test, uniqueEmail } from "./fixtures";

// Price alerts (docs/product/alerts.md). The e2e server ticks the market every second; crypto trades around the
// clock, so BTC moves on every tick.

const alertRows = (page: Page) => page.getByTestId("alert-row");
const rowOf = (page: Page, symbol: string) => alertRows(page).filter({ hasText: symbol });

async function openForm(page: Page) {
  const form = page.getByRole("form", { name: "Create Price Alert" });
  if (!(await form.isVisible())) await page.getByRole("button", { name: "New Alert" }).click();
  await expect(form).toBeVisible();
  return form;
}

async function createAlert(
  page: Page,
  o: { symbol: string; type: "Price goes above" | "Price goes below" | "Price changes by %"; target: string },
) {
  const form = await openForm(page);
  await form.getByLabel("Symbol").fill(o.symbol);
  await form.getByLabel("Alert Type").selectOption({ label: o.type });
  const targetLabel = o.type === "Price changes by %" ? "Percentage Change" : "Target Price";
  await form.getByLabel(targetLabel).fill(o.target);
  await form.getByRole("button", { name: "Create Alert" }).click();
}

/** The price the form shows for a symbol (the loader's latest quote). */
async function currentPrice(page: Page, symbol: string) {
  const form = await openForm(page);
  await form.getByLabel("Symbol").fill(symbol);
  const text = await form.getByTestId("current-price").textContent();
  return Number(text!.replace(/^.*current price /, "").replace(/,/g, ""));
}

test("signed-out visitors are asked to sign in on both tabs", async ({ page }) => {
  await page.goto("/price-alerts");
  await expect(page.getByRole("heading", { name: "Price Alerts & Notifications" })).toBeVisible();
  await expect(page.getByText("Please sign in to manage price alerts")).toBeVisible();
  await expect(page.getByRole("button", { name: "New Alert" })).toHaveCount(0);
  await page.getByRole("tab", { name: "Notifications" }).click();
  await expect(page.getByText("Please sign in to view notifications")).toBeVisible();
  await expect(page).toHaveURL(/tab=notifications/);
  await expect(page.getByTestId("notification-bell")).toHaveCount(0);
});

test("create, validate, toggle and delete alerts; empty states", async ({ page }) => {
  await signUpAndSignIn(page, uniqueEmail("alerts"));
  await page.goto("/price-alerts");
  await expect(page.getByRole("heading", { name: "Price Alerts (0)" })).toBeVisible();
  await expect(page.getByText("No price alerts set")).toBeVisible();
  await expect(page.getByText("Create your first alert to get notified of price changes")).toBeVisible();

  const form = await openForm(page);
  await expect(form.getByLabel("Symbol")).toHaveAttribute("placeholder", "e.g. TASI, USD/AED, Brent");
  await expect(form.getByLabel("Target Price")).toHaveAttribute("placeholder", "100.00");
  await expect(form.getByLabel("Target Price")).toHaveAttribute("step", "0.000001");
  const submit = form.getByRole("button", { name: "Create Alert" });
  await expect(submit).toBeDisabled();
  await form.getByLabel("Symbol").fill("TASI");
  await expect(submit).toBeDisabled(); // target still empty
  await form.getByLabel("Alert Type").selectOption({ label: "Price changes by %" });
  await expect(form.getByLabel("Percentage Change")).toHaveAttribute("placeholder", "5.0");
  await form.getByLabel("Alert Type").selectOption({ label: "Price goes above" });

  // An unknown symbol and a bad target get clear messages; nothing is created.
  await createAlert(page, { symbol: "NOPE", type: "Price goes above", target: "10" });
  await expect(form.getByText('Unknown symbol "NOPE"')).toBeVisible();
  await expect(page.getByText("Failed to create price alert")).toBeVisible();
  await createAlert(page, { symbol: "TASI", type: "Price changes by %", target: "150" });
  await expect(form.getByText("Percentage must be greater than 0 and at most 100")).toBeVisible();
  await expect(alertRows(page)).toHaveCount(0);

  await createAlert(page, { symbol: "tasi", type: "Price goes above", target: "99999.5" });
  await expect(page.getByText("Alert Created")).toBeVisible();
  await expect(page.getByText("Price alert set for TASI")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Price Alerts (1)" })).toBeVisible();
  const tasi = rowOf(page, "TASI");
  await expect(tasi).toContainText("Alert when price above 99,999.5");
  await expect(tasi).toContainText("active");

  // The percent type shows %; new alerts go to the top.
  await createAlert(page, { symbol: "Brent", type: "Price changes by %", target: "5" });
  await expect(page.getByText("Price alert set for BRENT")).toBeVisible();
  await expect(alertRows(page).first()).toContainText("BRENT");
  await expect(rowOf(page, "BRENT")).toContainText("Alert when price change % 5%");
  await expect(page.getByRole("heading", { name: "Price Alerts (2)" })).toBeVisible();

  // Switch off: inactive, and it stays so after a reload.
  await tasi.getByRole("switch").click();
  await expect(page.getByText("Alert Updated")).toBeVisible();
  await expect(page.getByText("Price alert has been updated")).toBeVisible();
  await expect(tasi).toContainText("inactive");
  await page.reload();
  await expect(rowOf(page, "TASI").getByRole("switch")).toHaveAttribute("aria-checked", "false");
  await expect(rowOf(page, "TASI")).toContainText("inactive");

  // Delete asks first: dismissing keeps the alert, accepting removes it.
  let asked = "";
  page.once("dialog", (d) => {
    asked = d.message();
    void d.dismiss();
  });
  await rowOf(page, "TASI").getByRole("button", { name: "Delete alert for TASI" }).click();
  expect(asked).toBe("Are you sure you want to delete this alert?");
  await expect(alertRows(page)).toHaveCount(2);
  page.once("dialog", (d) => void d.accept());
  await rowOf(page, "TASI").getByRole("button", { name: "Delete alert for TASI" }).click();
  await expect(page.getByText("Alert Deleted")).toBeVisible();
  await expect(page.getByText("Price alert has been removed")).toBeVisible();
  await expect(alertRows(page)).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Price Alerts (1)" })).toBeVisible();

  // Notifications: the two empty states.
  await page.getByRole("tab", { name: "Notifications" }).click();
  await expect(page.getByText("No notifications yet")).toBeVisible();
  await expect(page.getByText("Price alert notifications will appear here")).toBeVisible();
  await page.getByRole("button", { name: "Unread (0)" }).click();
  await expect(page.getByText("No unread notifications")).toBeVisible();
  await expect(page.getByText("All caught up!")).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark all read" })).toHaveCount(0);
});

test("a create whose session has ended is refused with 'Authentication Required'", async ({
  page,
  context,
}) => {
  await signUpAndSignIn(page, uniqueEmail("expired"));
  await page.goto("/price-alerts");
  const form = await openForm(page);
  await context.clearCookies();
  await form.getByLabel("Symbol").fill("TASI");
  await form.getByLabel("Target Price").fill("100");
  await form.getByRole("button", { name: "Create Alert" }).click();
  await expect(page.getByText("Authentication Required")).toBeVisible();
  await expect(page.getByText("Please sign in to create price alerts")).toBeVisible();
  await page.reload();
  await expect(page.getByText("Please sign in to manage price alerts")).toBeVisible();
});

test("an alert just above (or below) the price triggers within a few ticks, live in the open page", async ({
  page,
}) => {
  await signUpAndSignIn(page, uniqueEmail("live"));
  await page.goto("/price-alerts");
  const price = await currentPrice(page, "BTC");
  expect(price).toBeGreaterThan(0);
  // The price walks either way: one alert a cent above it and one a cent below; whichever way
  // the next ticks go, one of them is crossed.
  await createAlert(page, { symbol: "BTC", type: "Price goes above", target: (price + 0.01).toFixed(2) });
  await expect(page.getByText("Price alert set for BTC").first()).toBeVisible();
  await createAlert(page, { symbol: "BTC", type: "Price goes below", target: (price - 0.01).toFixed(2) });
  await expect(alertRows(page)).toHaveCount(2);
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });

  // The toast arrives over the stream, the row turns triggered, the bell counts it: no reload.
  await expect(page.getByText(/^BTC (rose above|fell below) /).first()).toBeVisible({ timeout: 20_000 });
  await expect(alertRows(page).filter({ hasText: "triggered" }).first()).toBeVisible();
  await expect(page.getByTestId("notification-bell")).toHaveAccessibleName(/Notifications: \d+ unread/);
  await page.getByRole("tab", { name: "Notifications" }).click();
  const item = page.getByTestId("notification").first();
  await expect(item).toContainText(
    /Your alert for BTC when the price goes (above|below) .* was triggered: the price reached/,
  );
  await expect(item).toContainText(/GMT/);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );

  // Switching the triggered alert off and on re-arms it.
  await page.getByRole("tab", { name: "Manage Alerts" }).click();
  await expect(page.getByText("Switch it off and on again to re-arm it")).toBeVisible();
  const fired = alertRows(page).filter({ hasText: "triggered" }).first();
  const symbolRow = fired.getByRole("switch");
  await symbolRow.click();
  await expect(alertRows(page).filter({ hasText: "inactive" })).toHaveCount(1);
  await alertRows(page).filter({ hasText: "inactive" }).getByRole("switch").click();
  await expect(alertRows(page).filter({ hasText: "inactive" })).toHaveCount(0);
});

test("the bell counts unread on every page; mark read and mark all read update the counts", async ({
  page,
}) => {
  await signUpAndSignIn(page, uniqueEmail("counts"));
  await page.goto("/price-alerts");
  // Two alerts that fire on the very next move, exactly once each.
  await createAlert(page, { symbol: "BTC", type: "Price changes by %", target: "0.000001" });
  await expect(page.getByText("Price alert set for BTC").first()).toBeVisible();
  await createAlert(page, { symbol: "ETH", type: "Price changes by %", target: "0.000001" });
  await expect(alertRows(page)).toHaveCount(2);
  await expect(rowOf(page, "ETH")).toContainText("Alert when price change % 0.000001%");
  const bell = page.getByTestId("notification-bell");
  await expect(bell).toHaveAccessibleName("Notifications: 2 unread", { timeout: 20_000 });
  await expect(alertRows(page).filter({ hasText: "triggered" })).toHaveCount(2);

  // On any page.
  await page.goto("/about");
  await expect(bell).toHaveAccessibleName("Notifications: 2 unread");
  await bell.click();
  await expect(page).toHaveURL(/\/price-alerts\?tab=notifications$/);

  await expect(page.getByTestId("unread-badge")).toHaveText("2 unread");
  await expect(page.getByRole("button", { name: "Unread (2)" })).toBeVisible();
  await expect(page.getByTestId("notification")).toHaveCount(2);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: "screenshots/alerts-notifications-1280.png", fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: "screenshots/alerts-notifications-375.png", fullPage: true });

  await page.getByTestId("notification").first().getByRole("button", { name: "Mark as read" }).click();
  await expect(page.getByTestId("unread-badge")).toHaveText("1 unread");
  await expect(page.getByRole("button", { name: "Unread (1)" })).toBeVisible();
  await expect(bell).toHaveAccessibleName("Notifications: 1 unread");
  await page.getByRole("button", { name: "Unread (1)" }).click();
  await expect(page.getByTestId("notification")).toHaveCount(1);

  await page.getByRole("button", { name: "Mark all read" }).click();
  await expect(page.getByTestId("unread-badge")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Mark all read" })).toHaveCount(0);
  await expect(page.getByText("No unread notifications")).toBeVisible();
  await expect(page.getByText("All caught up!")).toBeVisible();
  await expect(bell).toHaveAccessibleName("Notifications");
  await page.getByRole("button", { name: "All", exact: true }).click();
  await expect(page.getByTestId("notification")).toHaveCount(2);
  await page.reload();
  await expect(page.getByRole("button", { name: "Unread (0)" })).toBeVisible();

  await page.getByRole("tab", { name: "Manage Alerts" }).click();
  await expect(page.getByRole("heading", { name: "Price Alerts (2)" })).toBeVisible();
  await page.screenshot({ path: "screenshots/alerts-manage-375.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("button", { name: "New Alert" }).click();
  await (await openForm(page)).getByLabel("Symbol").fill("BTC");
  await expect(page.getByTestId("current-price")).toContainText("Bitcoin: current price");
  await page.screenshot({ path: "screenshots/alerts-manage-1280.png", fullPage: true });
});

test("a crossing alert that fires every time triggers from the live feed, stays active and is in the History tab", async ({
  page,
}) => {
  test.slow();
  await signUpAndSignIn(page, uniqueEmail("crossing"));
  await page.goto("/price-alerts");
  const price = await currentPrice(page, "BTC");
  // A cent above and a cent below: whichever way the walk goes next, one of them is crossed.
  for (const [type, target] of [
    ["Price crosses above", price + 0.01],
    ["Price crosses below", price - 0.01],
  ] as const) {
    const form = await openForm(page);
    await form.getByLabel("Symbol").fill("BTC");
    await form.getByLabel("Alert Type").selectOption({ label: type });
    await form.getByLabel("Target Price").fill(target.toFixed(2));
    await form.getByLabel("Frequency").selectOption({ label: "Every time, after a cooldown" });
    await expect(form.getByLabel("Cooldown (seconds)")).toHaveValue("300");
    await form.getByLabel("Cooldown (seconds)").fill("60");
    await form.getByRole("button", { name: "Create Alert" }).click();
    await expect(form).toHaveCount(0);
  }
  await expect(alertRows(page)).toHaveCount(2);
  await expect(alertRows(page).first()).toContainText("Every time, 1 minute apart");

  // The trigger arrives over the stream; an "every" alert stays active and shows when it fired.
  await expect(page.getByText(/^BTC crossed (above|below) /).first()).toBeVisible({ timeout: 45_000 });
  const fired = alertRows(page).filter({ hasText: "Last triggered" }).first();
  await expect(fired).toBeVisible();
  await expect(fired).toHaveAttribute("data-status", "active");
  await expect(fired).toContainText(/Alert when price crosses (above|below)/);
  await page.getByRole("button", { name: "Triggered", exact: true }).click();
  await expect(alertRows(page)).toHaveCount(0);
  await page.getByRole("button", { name: "Active", exact: true }).click();
  await expect(alertRows(page)).toHaveCount(2);

  await page.getByRole("tab", { name: "History" }).click();
  await expect(page).toHaveURL(/tab=history/);
  const row = page.getByTestId("trigger-row").first();
  await expect(row).toContainText(/BTC crossed (above|below)/);
  await expect(row).toContainText("In-app: delivered");
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `screenshots/alerts-history-${width}.png`, fullPage: true });
  }
  await page.getByRole("tab", { name: "Manage Alerts" }).click();
  await page.getByRole("button", { name: "Edit alert for BTC" }).first().click();
  await page.screenshot({ path: "screenshots/alerts-edit-390.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: "screenshots/alerts-edit-1280.png", fullPage: true });

  // The same page in Arabic, right to left.
  for (const tab of ["", "?tab=history"]) {
    await page.goto(`/ar/price-alerts${tab}`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    for (const [width, height] of [
      [1280, 900],
      [390, 844],
    ]) {
      await page.setViewportSize({ width, height });
      await page.screenshot({
        path: `screenshots/alerts-ar-${tab ? "history" : "manage"}-${width}.png`,
        fullPage: true,
      });
    }
  }
});

test("an alert whose level already holds says so in the form and when saved, and fires at once", async ({
  page,
}) => {
  await signUpAndSignIn(page, uniqueEmail("holds"));
  await page.goto("/price-alerts");
  const form = await openForm(page);
  await form.getByLabel("Symbol").fill("1120");
  await form.getByLabel("Alert Type").selectOption({ label: "Price goes above" });
  await form.getByLabel("Target Price").fill("1");
  const hint = form.getByTestId("holds-now");
  await expect(hint).toHaveText("Al Rajhi Bank is already above 1 — this alert will fire at once");
  // A target the price has not reached says nothing.
  await form.getByLabel("Target Price").fill("999999");
  await expect(form.getByTestId("current-price")).toContainText("Al Rajhi Bank: current price");
  await expect(hint).toHaveCount(0);
  await form.getByLabel("Target Price").fill("1");
  await form.getByRole("button", { name: "Create Alert" }).click();
  await expect(
    page.getByText(
      "Price alert set for 1120. Al Rajhi Bank is already above 1 — this alert will fire at once",
    ),
  ).toBeVisible();
  // Judged against the last price when saved: triggered without waiting for a tick.
  await expect(rowOf(page, "1120")).toHaveAttribute("data-status", "triggered");
});

test("the alert list names the company and shows its current price and the distance to the target", async ({
  page,
}) => {
  await signUpAndSignIn(page, uniqueEmail("named"));
  await page.goto("/price-alerts");
  await createAlert(page, { symbol: "1120", type: "Price goes above", target: "999999" });
  const row = rowOf(page, "1120");
  await expect(row.locator('[data-field="alert-name"]')).toHaveText("Al Rajhi Bank");
  const now = row.locator('[data-field="price-now"]');
  await expect(now).toContainText(/^Now [\d,]+\.\d{2} · \+[\d,]+\.\d{2} \(\+[\d,]+\.\d{2}%\) to the target$/);
  const text = (await now.textContent())!;
  const [price, distance] = [...text.matchAll(/[\d,]+\.\d{2}/g)].map((m) => Number(m[0].replace(/,/g, "")));
  expect(price! + distance!).toBeCloseTo(999_999, 1);
  await page.screenshot({ path: "screenshots/truth-alerts-en-1280.png" });
  await page.goto("/ar/price-alerts");
  await expect(rowOf(page, "1120").locator('[data-field="alert-name"]')).toHaveText("مصرف الراجحي");
  await expect(rowOf(page, "1120").locator('[data-field="price-now"]')).toContainText("حتى الهدف");
  await page.screenshot({ path: "screenshots/truth-alerts-ar-1280.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(rowOf(page, "1120").locator('[data-field="price-now"]')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the alert list scrolls sideways on a phone").toBeLessThanOrEqual(0);
  await page.screenshot({ path: "screenshots/truth-alerts-ar-390.png" });
});
