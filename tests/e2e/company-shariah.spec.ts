import { expect, hydrated, type Page, signInAsAdmin, test } from "./fixtures";

// A Tadawul company whose Almaqased ruling ships with the site (server/shariah/SOURCES.md).
const SYMBOL = "2020";
const LIST = "https://www.alrajhi-capital.sa/shariah-list-2025";
const HEADER = "symbol,authority,ruling,listDate,listUrl,purificationPerShare,source";

async function importCsv(page: Page, csv: string, button: "Check the file" | "Import") {
  await page.getByLabel("CSV", { exact: true }).fill(csv);
  await page.getByRole("button", { name: button, exact: true }).click();
}

test.describe("company page: Shariah rulings", () => {
  test.describe.configure({ timeout: 120_000 });

  test("an editor imports rulings (a bad file is refused row by row, a dry run writes nothing); the company page shows each authority's ruling with its list and source in both languages", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto("/admin/shariah");
    await hydrated(page);
    await importCsv(
      page,
      [
        HEADER,
        `${SYMBOL},alrajhi-capital,compliant,2025-08-23,${LIST},0.05,`,
        `${SYMBOL},albilad-capital,halal,2025-08-23,${LIST},,`,
      ].join("\n"),
      "Import",
    );
    const refused = page.getByTestId("shariah-row-errors");
    await expect(refused).toContainText("3");
    await expect(refused).toContainText("The ruling must be compliant, non-compliant or mixed.");
    await page.screenshot({ path: "screenshots/shariah-admin-refused-1440.png", fullPage: true });

    const good = [
      HEADER,
      `${SYMBOL},alrajhi-capital,compliant,2025-08-23,${LIST},0.05,Al Rajhi Capital list of August 2025`,
      `${SYMBOL},albilad-capital,mixed,2025-07-01,https://www.albilad-capital.com/list,0.12,`,
    ].join("\n");
    await importCsv(page, good, "Check the file");
    await expect(page.getByRole("status").filter({ hasText: "Nothing was written." })).toBeVisible();
    await importCsv(page, good, "Import");
    await expect(page.getByRole("status").filter({ hasText: "Imported 2 rows" })).toBeVisible();

    for (const [lang, width] of [
      ["en", 1440],
      ["en", 390],
      ["ar", 1440],
      ["ar", 390],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${lang === "ar" ? "/ar" : ""}/markets/${SYMBOL}`);
      await hydrated(page);
      const section = page.getByTestId("shariah-status");
      await section.scrollIntoViewIfNeeded();
      if (lang === "en") {
        await expect(section).toContainText("it is not itself a Shariah ruling");
        await expect(section).toContainText("Al Rajhi Capital Shariah Board");
        await expect(section).toContainText("Compliant");
        await expect(section).toContainText("Mixed");
        await expect(section).toContainText("0.05 SAR");
        await expect(section).toContainText("Dr. Mohammed Al-Osaimi (Almaqased)");
        await expect(section).toContainText("Source: Al Rajhi Capital list of August 2025");
      } else {
        await expect(section).toContainText("وليس هو نفسه حكمًا شرعيًا");
        await expect(section).toContainText("الهيئة الشرعية للراجحي المالية");
        await expect(section).toContainText("متوافقة");
        await expect(section).toContainText("مختلطة");
        await expect(section).toContainText("د. محمد بن سعود العصيمي (المقاصد)");
      }
      await expect(section.getByRole("link").first()).toHaveAttribute("href", /^https:\/\//);
      await expect(section.locator(`a[href="${LIST}"]`)).toHaveCount(1);
      await section.screenshot({ path: `screenshots/shariah-company-${lang}-${width}.png` });
      await page.screenshot({
        path: `screenshots/shariah-company-page-${lang}-${width}.png`,
        fullPage: true,
      });
    }
  });
});
