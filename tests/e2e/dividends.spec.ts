import { expect, hydrated, type Page, signInAsAdmin, test } from "./fixtures";

// Dates relative to today (UTC): a Tadawul distribution whose ex-date is tomorrow, so a reminder
// one day before is due at once, and a DFM one the day after.
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const TADAWUL_EX = day(1);
const DFM_EX = day(2);

async function enterDistribution(page: Page, fields: Record<string, string>) {
  const labels: Record<string, string> = {
    symbol: "Company symbol (e.g. 2222)",
    exDate: "Ex-date (YYYY-MM-DD)",
    paymentDate: "Payment date (optional)",
    amount: "Cash amount per share (optional)",
    currency: "Currency (SAR, AED…)",
    sourceUrl: "Link to the announcement (https://)",
  };
  for (const [name, value] of Object.entries(fields)) await page.getByLabel(labels[name]!).fill(value);
  await page.getByRole("button", { name: "Save distribution" }).click();
}

test.describe("dividends", () => {
  test.describe.configure({ timeout: 180_000 });

  test("an editor enters distributions (bad input refused in place); the company page lists them with their source, the dividend calendar filters by exchange, and a reminder before the ex-date arrives in the bell; in English and Arabic at 1440 and 390 px", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto("/admin/dividends");
    await hydrated(page);
    // A payment before the ex-date and a script link are refused with a message; nothing is saved.
    await enterDistribution(page, {
      symbol: "2222",
      exDate: TADAWUL_EX,
      paymentDate: day(-5),
      amount: "0.5",
      currency: "SAR",
      sourceUrl: "javascript:alert(1)",
    });
    await expect(page.getByText("The payment date cannot be before the ex-date.")).toBeVisible();
    await expect(page.getByText("The source link must be an http(s) address.")).toBeVisible();
    await expect(page.getByTestId("admin-dividend-row")).toHaveCount(0);

    await page.getByLabel("Payment date (optional)").fill(day(10));
    await page
      .getByLabel("Link to the announcement (https://)")
      .fill("https://www.saudiexchange.sa/announcement-e2e");
    await page.getByRole("button", { name: "Save distribution" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
    await enterDistribution(page, {
      symbol: "EMAAR",
      exDate: DFM_EX,
      paymentDate: "",
      amount: "0.25",
      currency: "AED",
      sourceUrl: "https://www.dfm.ae/announcement-e2e",
    });
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
    await page.reload();
    await expect(page.getByTestId("admin-dividend-row")).toHaveCount(2);

    // The company page: the distribution, marked upcoming, with its source; a reminder one day
    // before the ex-date (tomorrow) is due at once and reaches the bell without a reload.
    await page.goto("/markets/2222");
    await hydrated(page);
    const section = page.getByTestId("dividends-section");
    const row = section.getByTestId("dividend-row").filter({ hasText: "0.5 SAR per share" });
    await expect(row).toContainText("Upcoming");
    await expect(row.getByRole("link", { name: /GulfPulse editors, recorded/ })).toHaveAttribute(
      "href",
      "https://www.saudiexchange.sa/announcement-e2e",
    );
    await row.getByRole("combobox").selectOption("1");
    await row.getByRole("button", { name: "Remind me" }).click();
    await expect(row.getByRole("status")).toHaveText("Reminder set: 1 day before the ex-date");
    const bell = page.getByTestId("notification-bell");
    await expect(bell).toHaveAccessibleName(/Notifications: \d+ unread/, { timeout: 30_000 });
    await bell.click();
    await expect(
      page.getByTestId("notification").filter({ hasText: "Reminder: Saudi Aramco goes ex-dividend" }),
    ).toContainText(`ex-date ${TADAWUL_EX}, 0.5 SAR per share`);

    for (const lang of ["en", "ar"] as const) {
      const prefix = lang === "ar" ? "/ar" : "";
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${prefix}/markets/2222`);
        await hydrated(page);
        const dividends = page.getByTestId("dividends-section");
        await expect(
          dividends.getByRole("heading", { name: lang === "ar" ? "التوزيعات" : "Dividends" }),
        ).toBeVisible();
        await expect(dividends.getByTestId("dividend-row").first()).toContainText(
          lang === "ar" ? "قادم" : "Upcoming",
        );
        await dividends.scrollIntoViewIfNeeded();
        await dividends.screenshot({ path: `screenshots/dividends-company-${lang}-${width}.png` });

        // The calendar: both distributions, then only Tadawul's once filtered by exchange.
        await page.goto(`${prefix}/dividends`);
        await hydrated(page);
        const rows = page.getByTestId("dividend-calendar-row");
        await expect(rows).toHaveCount(2);
        await page.getByLabel(lang === "ar" ? "السوق" : "Exchange").selectOption("TADAWUL");
        await page.getByRole("button", { name: lang === "ar" ? "تصفية" : "Filter" }).click();
        await expect(page).toHaveURL(/exchange=TADAWUL/);
        await expect(rows).toHaveCount(1);
        await expect(rows.first()).toHaveAttribute("data-exchange", "TADAWUL");
        await expect(rows.first()).toContainText(lang === "ar" ? "أرامكو" : "Saudi Aramco");
        await page.screenshot({
          path: `screenshots/dividends-calendar-${lang}-${width}.png`,
          fullPage: true,
        });
      }
    }
    // The bell's reminder is on the Arabic pages too.
    await expect(page.getByTestId("notification-bell")).toHaveAccessibleName("الإشعارات: 1 إشعار غير مقروء");
  });
  test("a reader's reminder before an ex-date shows on the company page and can be removed, in English and Arabic", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto("/admin/dividends");
    await hydrated(page);
    await enterDistribution(page, {
      symbol: "1120",
      exDate: day(9),
      amount: "0.9",
      currency: "SAR",
      sourceUrl: "https://www.saudiexchange.sa/announcement-e2e-reminder",
    });
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();

    await page.goto("/markets/1120");
    await hydrated(page);
    const row = () => page.getByTestId("dividend-row").filter({ hasText: "0.9 SAR per share" });
    await row().getByRole("combobox").selectOption("3");
    await row().getByRole("button", { name: "Remind me" }).click();
    await expect(row().getByRole("status")).toHaveText("Reminder set: 3 days before the ex-date");
    // It is stored: a new visit shows it, with the button that takes it back instead of the form.
    await page.reload();
    await hydrated(page);
    await expect(row().getByRole("status")).toHaveText("Reminder set: 3 days before the ex-date");
    await expect(row().getByRole("button", { name: "Remind me" })).toHaveCount(0);

    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto("/ar/markets/1120");
    await hydrated(page);
    const arRow = page.getByTestId("dividend-row").first();
    await expect(arRow.getByRole("status")).toHaveText(/^التذكير مضبوط: قبل (3|٣) أيام من تاريخ الاستحقاق$/);
    await arRow.scrollIntoViewIfNeeded();
    await arRow.screenshot({ path: "screenshots/dividends-reminder-set-ar-390.png" });
    await arRow.getByRole("button", { name: "إلغاء التذكير" }).click();
    await expect(arRow.getByRole("status")).toHaveText("أُلغي التذكير.");
    await expect(arRow.getByRole("button", { name: "ذكّرني" })).toBeVisible();
    // Gone for good: the English page offers the form again.
    await page.goto("/markets/1120");
    await hydrated(page);
    await expect(row().getByRole("button", { name: "Remind me" })).toBeVisible();
    await expect(row().getByRole("status")).toHaveCount(0);
  });
});
