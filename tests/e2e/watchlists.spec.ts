import { expect, hydrated, type Page, signUpAndSignIn, test, uniqueEmail } from "./fixtures";

const table = (page: Page) => page.getByTestId("watchlist-table");
const row = (page: Page, symbol: string) => table(page).locator(`tr[data-symbol="${symbol}"]`);
const symbolsInTable = (page: Page) =>
  table(page)
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-symbol")));

/** Types a symbol (any case) into the add box; the row shows the instrument's own symbol. */
async function addInstrument(page: Page, typed: string, symbol = typed) {
  await page.getByLabel("Instrument to add").fill(typed);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(row(page, symbol)).toBeVisible();
}

async function shoot(page: Page, name: string, fullPage = true) {
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage });
}

test("watchlist CRUD with live prices updating", async ({ page }) => {
  test.setTimeout(180_000);
  await signUpAndSignIn(page, uniqueEmail("watch"));
  // The signed-in user menu leads to the page.
  await page.getByRole("button", { name: /^Account:/ }).click();
  await page.getByRole("menuitem", { name: "Watchlists" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Watchlists" })).toBeVisible();
  await hydrated(page);

  // Create: the first list's name form is open on an empty page.
  await expect(page.getByText("You have no watchlists yet.")).toBeVisible();
  await page.getByLabel("Watchlist name").fill("Gulf banks");
  await page.getByRole("button", { name: "Create" }).click();
  const tabs = page.getByRole("navigation", { name: "Your watchlists" });
  await expect(tabs.getByRole("link", { name: /Gulf banks/ })).toHaveAttribute("aria-current", "page");

  // Members from the directory; an unknown one is refused with a clear message.
  await addInstrument(page, "BTC");
  await addInstrument(page, "TASI");
  await addInstrument(page, "usd/aed", "USD/AED");
  await page.getByLabel("Instrument to add").fill("NOPE42");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText('Unknown instrument "NOPE42"').first()).toBeVisible();
  expect(await symbolsInTable(page)).toEqual(["BTC", "TASI", "USD/AED"]);

  // The price follows the live stream (crypto trades around the clock; the test feed ticks each second).
  const btcPrice = row(page, "BTC").locator('[data-field="price"]').first();
  const first = await btcPrice.textContent();
  await expect.poll(() => btcPrice.textContent(), { timeout: 20_000 }).not.toBe(first);
  await expect(row(page, "BTC").locator('[data-field="freshness"]')).toHaveText(/Simulated/i);
  await expect(row(page, "BTC").locator('[data-field="day-range"]')).toHaveText(/\d.*–.*\d/);

  // Sorting by symbol, descending on the second click; the owner's order comes back on the third.
  const symbolHeader = page.getByRole("button", { name: "Symbol" });
  await symbolHeader.click();
  expect(await symbolsInTable(page)).toEqual(["BTC", "TASI", "USD/AED"]);
  await symbolHeader.click();
  expect(await symbolsInTable(page)).toEqual(["USD/AED", "TASI", "BTC"]);
  await symbolHeader.click();

  // Reorder members; it is kept after a reload.
  await row(page, "USD/AED").getByRole("button", { name: "Move USD/AED up" }).click();
  await expect.poll(() => symbolsInTable(page)).toEqual(["BTC", "USD/AED", "TASI"]);
  await page.reload();
  await expect.poll(() => symbolsInTable(page)).toEqual(["BTC", "USD/AED", "TASI"]);
  await hydrated(page);

  // Remove a member.
  await row(page, "TASI").getByRole("button", { name: "Remove TASI" }).click();
  await expect(row(page, "TASI")).toHaveCount(0);

  // Rename; a second list; names are unique whatever the case; reorder the lists; delete one.
  await page.getByRole("button", { name: "Rename" }).click();
  await page.getByLabel("Watchlist name").fill("Core");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(tabs.getByRole("link", { name: /Core/ })).toBeVisible();
  await page.getByRole("button", { name: "New list" }).click();
  await page.getByLabel("Watchlist name").fill("core");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("You already have a watchlist with this name").first()).toBeVisible();
  await page.getByLabel("Watchlist name").fill("Oil");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(tabs.getByRole("link", { name: /Oil/ })).toHaveAttribute("aria-current", "page");
  await addInstrument(page, "BRENT");
  await page.getByRole("button", { name: "Move this list earlier" }).click();
  await expect.poll(() => tabs.getByRole("link").allTextContents()).toEqual(["Oil1", "Core2"]);

  // Screenshots: English and Arabic, desktop and a 390 px phone.
  await tabs.getByRole("link", { name: /Core/ }).click();
  await expect(row(page, "BTC")).toBeVisible();
  await shoot(page, "watchlists-en-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row(page, "BTC")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the page scrolls sideways on a phone").toBeLessThanOrEqual(0);
  await shoot(page, "watchlists-en-390");
  await page.goto(`/ar${new URL(page.url()).pathname}${new URL(page.url()).search}`);
  await expect(page.getByRole("heading", { level: 1, name: "قوائم المراقبة" })).toBeVisible();
  await expect(row(page, "BTC")).toBeVisible();
  await shoot(page, "watchlists-ar-390");
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, "watchlists-ar-1280");

  // Delete the list (with its confirmation).
  await page.goto("/watchlists");
  await hydrated(page);
  await page.getByRole("button", { name: "Delete list" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete list" }).click();
  await expect(tabs.getByRole("link")).toHaveCount(1);
  await expect(tabs.getByRole("link", { name: /Core/ })).toBeVisible();

  // The instrument page's star shows the lists, with this one ticked.
  await page.goto("/markets/btc");
  await hydrated(page);
  await page.getByRole("button", { name: "Add to watchlist" }).click();
  const menu = page.getByTestId("watch-menu");
  await expect(menu.getByRole("checkbox", { name: "Core" })).toBeChecked();
  await shoot(page, "watchlists-menu-instrument-1280", false);
});

test("an anonymous watchlist is carried into an account at sign-up", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/");
  await hydrated(page);
  // The star on a market panel row puts the instrument on the visitor's local list.
  const usdAed = page.locator('#markets li[data-symbol="USD/AED"]');
  await usdAed.getByRole("button", { name: "Add USD/AED to a watchlist" }).click();
  const menu = page.getByTestId("watch-menu");
  await menu.getByRole("checkbox", { name: "My watchlist" }).check();
  await expect(menu.getByRole("checkbox", { name: "My watchlist" })).toBeChecked();
  await menu.scrollIntoViewIfNeeded();
  await shoot(page, "watchlists-menu-home-en-1280", false);
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);

  // The same menu on an Arabic page on a phone: the list stays ticked and the menu fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/ar");
  await hydrated(page);
  await page
    .locator('#markets li[data-symbol="USD/AED"]')
    .getByRole("button", { name: "إضافة USD/AED إلى قائمة مراقبة" })
    .click();
  await expect(menu.getByRole("checkbox", { name: "قائمة المراقبة" })).toBeChecked();
  await menu.scrollIntoViewIfNeeded();
  const box = await menu.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await shoot(page, "watchlists-menu-home-ar-390", false);
  await page.setViewportSize({ width: 1280, height: 900 });

  // A search result's star does the same.
  await page.goto("/search?q=gold");
  await hydrated(page);
  await page.getByRole("button", { name: "Add GOLD to a watchlist" }).click();
  await page.getByTestId("watch-menu").getByRole("checkbox", { name: "My watchlist" }).check();

  // The local page (linked from Live Market Access) shows them with their live prices, and takes
  // another instrument.
  await page.goto("/live-markets");
  await shoot(page, "watchlists-live-markets-link-en-1280");
  await page.getByRole("link", { name: /Your watchlists: follow the instruments/ }).click();
  await expect(page).toHaveURL(/\/watchlists$/);
  await hydrated(page);
  await expect(page.getByText("This watchlist is kept on this device only.")).toBeVisible();
  await expect(row(page, "USD/AED").locator('[data-field="price"]').first()).toHaveText(/\d/);
  await addInstrument(page, "brent", "BRENT");
  expect(await page.evaluate(() => localStorage.getItem("gp:watchlist"))).toBe('["USD/AED","GOLD","BRENT"]');
  await shoot(page, "watchlists-local-en-1280");
  // The dark theme too (its colours come from the theme's overrides of the same classes).
  await page.emulateMedia({ colorScheme: "dark" });
  await shoot(page, "watchlists-local-en-1280-dark");
  await page.emulateMedia({ colorScheme: "light" });

  // Sign up: the local list becomes the account's first list, and the local copy is cleared.
  await signUpAndSignIn(page, uniqueEmail("carry"));
  await expect(page.getByText("3 instruments from this device were added to your watchlist.")).toBeVisible();
  await page.goto("/watchlists");
  const tabs = page.getByRole("navigation", { name: "Your watchlists" });
  await expect(tabs.getByRole("link", { name: /My watchlist/ })).toHaveAttribute("aria-current", "page");
  await expect.poll(() => symbolsInTable(page)).toEqual(["USD/AED", "GOLD", "BRENT"]);
  expect(await page.evaluate(() => localStorage.getItem("gp:watchlist"))).toBeNull();
});

test("an alert on the whole watchlist makes one alert per member and follows the members", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpAndSignIn(page, uniqueEmail("listalert"));
  await page.goto("/watchlists");
  await hydrated(page);
  await page.getByLabel("Watchlist name").fill("Crypto and metals");
  await page.getByRole("button", { name: "Create" }).click();
  await addInstrument(page, "BTC");
  await addInstrument(page, "GOLD");

  await page.getByRole("button", { name: "Alert on the whole list" }).click();
  const form = page.getByTestId("watchlist-alert-form");
  await expect(form).toContainText("One price alert is created for each of the 2 instruments on this list");
  await form.getByRole("radio", { name: "Moves N % within a time window" }).check();
  await form.getByLabel("Move (%)").fill("3");
  await form.getByRole("combobox", { name: "Within" }).selectOption({ label: "1 hour" });
  await shoot(page, "watchlists-alert-form-en-1280", false);
  await form.getByRole("button", { name: "Set the alerts" }).click();
  const summary = page.getByTestId("watchlist-alert-summary");
  await expect(summary).toHaveText("List alert: a move of 3 % within 1 hour (2 alerts).");

  // Members added or removed later take or lose the same alert.
  await addInstrument(page, "ETH");
  await expect(summary).toContainText("(3 alerts)");
  await row(page, "GOLD").getByRole("button", { name: "Remove GOLD" }).click();
  await expect(summary).toContainText("(2 alerts)");

  // They are ordinary price alerts, listed on the alerts page.
  await page.goto("/price-alerts");
  for (const symbol of ["BTC", "ETH"])
    await expect(page.getByText(symbol, { exact: true }).first()).toBeVisible();
  await expect(page.getByText("GOLD", { exact: true })).toHaveCount(0);
});

/** The page's live stream answers once with nothing: prices can then only come from the page's data. */
async function withoutStream(page: Page) {
  await page.route("**/api/stream", (route) =>
    route.fulfill({
      status: 200,
      headers: { "content-type": "text/event-stream" },
      body: "retry: 600000\n\n",
    }),
  );
}

async function newList(page: Page, name: string) {
  await page.goto("/watchlists");
  await hydrated(page);
  await page.getByLabel("Watchlist name").fill(name);
  await page.getByRole("button", { name: "Create" }).click();
  await expect(
    page.getByRole("navigation", { name: "Your watchlists" }).getByRole("link", { name: new RegExp(name) }),
  ).toHaveAttribute("aria-current", "page");
}

test("a company just added shows its last price at once, without waiting for the stream", async ({
  page,
}) => {
  await signUpAndSignIn(page, uniqueEmail("added"));
  await withoutStream(page);
  await newList(page, "Banks");
  await addInstrument(page, "KFH");
  await expect(row(page, "KFH").locator('[data-field="price"]')).toHaveText(/\d/);
  await expect(row(page, "KFH")).not.toContainText("No price yet");
});

test("sorting by change puts the rows without a price last, in both directions", async ({ page }) => {
  // A visitor's list: its listed company is quoted once the page's data comes back for it,
  // which this test holds back until the sorting is checked.
  await page.addInitScript(() =>
    localStorage.setItem("gp:watchlist", JSON.stringify(["BTC", "KFH", "TASI"])),
  );
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/watchlists\.data\?.*symbols=/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/watchlists");
  await hydrated(page);
  await expect(row(page, "KFH")).toContainText("No price yet");
  const change = page.getByRole("button", { name: "Change (%)" });
  await change.click();
  expect((await symbolsInTable(page)).at(-1)).toBe("KFH");
  await change.click();
  expect((await symbolsInTable(page)).at(-1)).toBe("KFH");
  release();
  await expect(row(page, "KFH").locator('[data-field="price"]')).toHaveText(/\d/);
});

test("the table names the currency of every price", async ({ page }) => {
  await signUpAndSignIn(page, uniqueEmail("currency"));
  await newList(page, "Mixed");
  for (const symbol of ["TASI", "USD/AED", "BTC", "KFH"]) await addInstrument(page, symbol);
  await expect(table(page).getByRole("columnheader", { name: "Currency" })).toBeVisible();
  const currencies = await table(page)
    .locator('tbody [data-field="currency"]')
    .evaluateAll((cells) => cells.map((c) => c.textContent));
  expect(currencies).toEqual(["SAR", "AED", "USD", "KWD"]);
  // On a phone the column gives way and the code follows the price.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row(page, "KFH").locator('[data-field="currency-inline"]')).toHaveText("KWD");
  await expect(table(page).getByRole("columnheader", { name: "Currency" })).toBeHidden();
  await page.goto("/ar/watchlists");
  await expect(table(page).getByRole("columnheader", { name: "العملة" })).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(table(page).getByRole("columnheader", { name: "العملة" })).toBeVisible();
});
