import AxeBuilder from "@axe-core/playwright";
import { expect, hydrated, type Page, signInAsAdmin, test } from "./fixtures";

const SHOTS = "screenshots";

/** What the page must show for an instant in a zone ("HH:MM", Western digits). */
const clock = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
    new Date(iso),
  );

async function firstEventTime(page: Page) {
  const first = page.getByTestId("calendar-event").first();
  const iso = await first.getByTestId("event-date").getAttribute("datetime");
  return { first, iso: iso! };
}

async function shoot(page: Page, name: string) {
  for (const [label, width] of [
    ["phone", 390],
    ["desktop", 1280],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/calendar-${name}-${label}.png`, fullPage: true });
  }
}

test.describe("economic calendar", () => {
  test.use({ timezoneId: "Europe/London" });
  // A cold server on a busy machine can take more than the default 10 s for a first navigation.
  test.describe.configure({ timeout: 120_000 });

  test("the reader's zone: detected, switched, remembered by the server; filters in the address", async ({
    page,
  }) => {
    await page.goto("/news-analytics?tab=calendar");
    await hydrated(page);
    // First visit: Gulf Standard Time until the browser reports London, then London times.
    await expect(page.getByTestId("time-zone-name")).toContainText("(Europe/London)");
    let { first, iso } = await firstEventTime(page);
    await expect(first.getByTestId("event-time")).toHaveText(clock(iso, "Europe/London"));

    await page.getByLabel("Time zone").selectOption("Asia/Riyadh");
    await expect(page.getByTestId("time-zone-name")).toContainText("(Asia/Riyadh)");
    ({ first, iso } = await firstEventTime(page));
    await expect(first.getByTestId("event-time")).toHaveText(clock(iso, "Asia/Riyadh"));
    // The server renders the chosen zone itself: no Dubai or London times flash first.
    const html = await (await page.request.get("/news-analytics?tab=calendar")).text();
    expect(html).toContain("(Asia/Riyadh)");
    expect(html).not.toContain("(Europe/London)");

    await page.getByLabel("Country").selectOption("Saudi Arabia");
    await expect(page).toHaveURL(/country=Saudi\+Arabia/, { timeout: 20_000 });
    await expect
      .poll(
        async () =>
          new Set(
            await page
              .getByTestId("event-country")
              .evaluateAll((els) => els.map((e) => e.getAttribute("data-country"))),
          ),
      )
      .toEqual(new Set(["Saudi Arabia"]));
    await page.getByLabel("Importance").selectOption("high");
    await expect(page).toHaveURL(/importance=high/, { timeout: 20_000 });
    await expect
      .poll(
        async () =>
          new Set(
            await page
              .getByTestId("calendar-event")
              .locator("[data-importance]")
              .evaluateAll((els) => els.map((e) => e.getAttribute("data-importance"))),
          ),
      )
      .toEqual(new Set(["high"]));
    await page.getByLabel("Category").selectOption("Inflation");
    await expect(page).toHaveURL(/category=Inflation/, { timeout: 20_000 });
    await expect
      .poll(async () => new Set(await page.getByTestId("event-category").allTextContents()))
      .toEqual(new Set(["Inflation"]));
    // Rows of the shipped schedule say so: never shown as confirmed times.
    await expect(page.getByTestId("event-confidence").first()).toContainText("Schedule");
    await page.reload();
    await expect(page.getByLabel("Category")).toHaveValue("Inflation");
    await page.goto("/news-analytics?tab=calendar");
    await shoot(page, "list-en");

    // The same page in Arabic, filtered by country through the Arabic menu.
    await page.goto("/ar/news-analytics?tab=calendar");
    await hydrated(page);
    await expect(page.getByTestId("time-zone-name")).toContainText("(Asia/Riyadh)");
    await page.getByLabel("الدولة").selectOption({ label: "الإمارات" });
    await expect(page).toHaveURL(/country=UAE/, { timeout: 20_000 });
    await expect
      .poll(async () => new Set(await page.getByTestId("event-country").allTextContents()))
      .toEqual(new Set(["الإمارات"]));
    await page.getByLabel("الأهمية").selectOption("high");
    await expect(page).toHaveURL(/importance=high/, { timeout: 20_000 });
    await page.getByLabel("المنطقة الزمنية").selectOption("Europe/London");
    await expect(page.getByTestId("time-zone-name")).toContainText("(Europe/London)");
    await shoot(page, "list-ar");
  });

  test("an editor enters an actual figure; the event page shows it against the forecast, with past releases", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto("/admin/calendar?q=Saudi%20Arabia%20CPI");
    await hydrated(page);
    const rows = page.getByTestId("admin-calendar-row");
    await expect(rows.first()).toBeVisible();
    // Rows come oldest first from 45 days back: edit the last past release, then open the next one.
    const starts = await rows.evaluateAll((els) =>
      els.map((e) => Date.parse(e.getAttribute("data-starts-at")!)),
    );
    const next = starts.findIndex((t) => t > Date.now());
    expect(next).toBeGreaterThan(0);
    const pastHref = await rows
      .nth(next - 1)
      .getByRole("link")
      .first()
      .getAttribute("href");
    const nextHref = await rows.nth(next).getByRole("link").first().getAttribute("href");
    await rows
      .nth(next - 1)
      .getByRole("link", { name: /^Edit:/ })
      .click();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Saudi Arabia CPI (GASTAT)");
    await page.getByLabel("Actual", { exact: true }).fill("9.9%");
    await page.getByLabel("Source", { exact: true }).selectOption("confirmed");
    await page.getByLabel("Source link").fill("https://www.stats.gov.sa/en/");
    await page.getByRole("button", { name: "Save event" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Event saved." })).toBeVisible();

    await page.goto(pastHref!);
    const detail = page.getByTestId("event-detail");
    await expect(detail.getByTestId("event-actual")).toContainText("9.9%");
    await expect(detail.getByTestId("event-outcome")).toHaveText("Better than forecast");
    await expect(detail.getByTestId("event-confidence")).toContainText("Confirmed");
    await expect(detail.getByRole("link", { name: "Source link" })).toHaveAttribute(
      "href",
      "https://www.stats.gov.sa/en/",
    );

    await page.goto(nextHref!);
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Past releases" })).toBeVisible();
    await expect(page.getByTestId("history-chart")).toBeVisible();
    const history = page.getByTestId("event-history");
    await expect(history.getByRole("row").filter({ hasText: "9.9%" })).toContainText("Better than forecast");

    // "Remind me" on the upcoming release.
    await page.getByRole("button", { name: "Remind me" }).click();
    await expect(page.getByTestId("reminder").getByRole("status")).toContainText("Reminder set for");
    await expect(page.getByRole("button", { name: "Remove reminder" })).toBeVisible();
    await shoot(page, "event-en");
    const { violations } = await new AxeBuilder({ page }).include("main").analyze();
    expect(
      violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id} ${v.nodes.map((n) => n.target).join(" ")}`),
    ).toEqual([]);

    await page.goto(`/ar${nextHref}`);
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "الإصدارات السابقة" })).toBeVisible();
    await expect(
      page.getByTestId("event-history").getByRole("row").filter({ hasText: "9.9%" }),
    ).toContainText("أفضل من المتوقع");
    await expect(page.getByTestId("history-chart")).toBeVisible();
    await shoot(page, "event-ar");
  });

  test("GET /api/calendar: UTC times, filters, and a clear 400 for bad parameters", async ({ request }) => {
    const ok = await request.get("/api/calendar?country=Saudi%20Arabia&importance=high");
    expect(ok.status()).toBe(200);
    const { events } = (await ok.json()) as { events: Array<Record<string, string>> };
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) {
      expect(e.country).toBe("Saudi Arabia");
      expect(e.importance).toBe("high");
      expect(e.startsAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(Object.keys(e)).toEqual(
        expect.arrayContaining(["id", "title", "actual", "forecast", "previous", "source", "confidence"]),
      );
    }
    const bad = await request.get("/api/calendar?from=yesterday");
    expect(bad.status()).toBe(400);
    expect((await bad.json()).error).toMatch(/from must be a date/);
    const wrongWay = await request.get("/api/calendar?from=2026-12-10&to=2026-12-01");
    expect(wrongWay.status()).toBe(400);
    expect((await wrongWay.json()).error).toBe("to must be after from.");
  });
});
