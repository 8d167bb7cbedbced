import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, hydrated, type Page, signInAsAdmin, test } from "./fixtures";

// A Tadawul company whose Almaqased ruling ships with the site (server/shariah/SOURCES.md).
const SYMBOL = "2020";
const LIST = "https://www.alrajhi-capital.sa/shariah-list-2025";
const HEADER = "symbol,authority,ruling,listDate,listUrl,purificationPerShare,source";

// A Tadawul disclosure feed in the RSS 2.0 shape exchange feeds use, served on loopback; the
// first item's text carries markup the pipeline must strip.
const FEED = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0"><channel><title>Tadawul announcements</title><link>https://www.saudiexchange.sa/</link>
<item><title>${SYMBOL} - SABIC Agri-Nutrients announces its interim financial results</title>
<link>https://www.saudiexchange.sa/announcements/e2e-1</link><guid isPermaLink="false">E2E-TASI-1</guid>
<description><![CDATA[<p>Net profit rose.<script>document.title='x'</script></p>]]></description>
<pubDate>Thu, 26 Nov 2026 09:15:00 GMT</pubDate></item>
<item><title>${SYMBOL} - Invitation to the extraordinary general assembly</title>
<link>https://www.saudiexchange.sa/announcements/e2e-0</link><guid isPermaLink="false">E2E-TASI-0</guid>
<description>The assembly meets in December.</description><pubDate>Mon, 23 Nov 2026 08:00:00 GMT</pubDate></item>
</channel></rss>`;

async function serveFeed() {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8" }).end(FEED);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/tadawul.xml` };
}

async function addFeed(page: Page, url: string) {
  await page.goto("/admin/disclosures");
  await hydrated(page);
  await page.getByLabel("Name", { exact: true }).fill("Tadawul announcements (e2e)");
  await page.getByLabel("Feed address").fill(url);
  await page.getByLabel("Exchange", { exact: true }).selectOption("TADAWUL");
  await page.getByLabel("Pattern (one capture group)").fill("^(\\d{4}) - ");
  await page.getByRole("button", { name: "Save feed" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Feed saved." })).toBeVisible();
}

async function importCsv(page: Page, csv: string, button: "Check the file" | "Import") {
  await page.getByLabel("CSV text", { exact: true }).fill(csv);
  await page.getByRole("button", { name: button, exact: true }).click();
}

test.describe("company page: Shariah rulings and disclosures", () => {
  test.describe.configure({ timeout: 120_000 });

  test("an editor imports rulings (a bad file is refused row by row, a dry run writes nothing); an editor adds a Tadawul disclosure feed; the company page shows each authority's ruling with its list and source, and the company's disclosures newest first, in both languages", async ({
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
    // One row corrected: the list filtered to the company, its Al Rajhi row opened in the form.
    await page.goto(`/admin/shariah?symbol=${SYMBOL}`);
    await hydrated(page);
    const rajhi = page.getByRole("row").filter({ hasText: "Al Rajhi Capital Shariah Board" });
    await rajhi.getByRole("button", { name: "Edit" }).click();
    await expect(page.getByLabel("Symbol", { exact: true })).toHaveValue(SYMBOL);
    await expect(page.getByLabel("Authority", { exact: true })).toHaveValue("alrajhi-capital");
    await page.getByLabel("Purification per share (optional)").fill("0.06");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();

    const feed = await serveFeed();
    await addFeed(page, feed.url);
    feed.server.close();

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
        await expect(section).toContainText("0.06 SAR");
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
      const disclosures = page.getByTestId("disclosure");
      await expect(disclosures).toHaveCount(2);
      // Newest first, linked to the exchange's page, markup stripped, the feed named as the source.
      await expect(disclosures.first()).toContainText("announces its interim financial results");
      await expect(disclosures.first()).toContainText("Net profit rose.");
      await expect(disclosures.first().getByRole("link")).toHaveAttribute(
        "href",
        "https://www.saudiexchange.sa/announcements/e2e-1",
      );
      await expect(page.getByTestId("disclosures")).toContainText(
        lang === "ar" ? "المصدر: Tadawul announcements (e2e)" : "Source: Tadawul announcements (e2e)",
      );
      await expect(page.getByTestId("disclosures").getByRole("heading")).toHaveText(
        lang === "ar" ? "الإفصاحات" : "Disclosures",
      );
      await page
        .getByTestId("disclosures")
        .screenshot({ path: `screenshots/disclosures-company-${lang}-${width}.png` });
      await page.screenshot({
        path: `screenshots/shariah-company-page-${lang}-${width}.png`,
        fullPage: true,
      });
    }
  });
});
