import { PGlite } from "@electric-sql/pglite";
import { type JsonModelStub, startJsonModelStub } from "#server/testing/json-model-stub";
import { type AppServer, appServerURL, startAppServer } from "./app-server";
import { expect, test } from "./fixtures";

/**
 * Machine translation with a model configured: a server whose AI_BASE_URL is an OpenAI-compatible
 * stub on loopback translates an article that has no Arabic, and the Arabic page shows it labelled
 * "ترجمة آلية" with a link to the original. The article is written into the server's database
 * while it is stopped; the translation job runs when the server starts.
 */

const PORT_OFFSET = 61;
const SLUG = "english-only-desk-note";
const ARABIC = { title: "مذكرة المكتب بالعربية", excerpt: "ملخص مترجم", body: "## قسم\n\nنص مترجم آلياً." };

let stub: JsonModelStub;
let server: AppServer | null = null;
const prompts = () => stub.requests.map((r) => JSON.stringify(r.body.messages));

const startServer = (keepData: boolean) =>
  startAppServer({
    portOffset: PORT_OFFSET,
    name: "translation",
    keepData,
    env: { AI_BASE_URL: stub.url, AI_API_KEY: "sk-e2e", AI_MODEL: "stub-model", AI_TIMEOUT_MS: "5000" },
  });

test.describe("machine translation with a configured model", () => {
  test.use({ baseURL: appServerURL(PORT_OFFSET) });

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    stub = await startJsonModelStub(() => ({ content: JSON.stringify(ARABIC) }));
    // A first start migrates and seeds the database (the shipped articles all have Arabic).
    server = await startServer(false);
    await server.stop({ keepData: true });
    const db = new PGlite(server.dataDir);
    await db.query(
      `insert into articles (slug, section, title, excerpt, body_markdown, published_at)
       values ($1, 'economic', 'English-only desk note', 'An English excerpt', 'The English body.', now())`,
      [SLUG],
    );
    await db.close();
    stub.requests.length = 0;
    server = await startServer(true);
  });

  test.afterAll(async () => {
    await server?.stop();
    await stub?.close();
  });

  test("an article without Arabic is translated once and labelled, with a link to the original", async ({
    page,
  }) => {
    await expect
      .poll(async () => (await page.request.get(`/ar/news/article/${SLUG}`)).text(), { timeout: 60_000 })
      .toContain(ARABIC.title);
    expect(prompts().filter((p) => p.includes("English-only desk note"))).toHaveLength(1);
    await page.goto(`/ar/news/article/${SLUG}`);
    await expect(page.locator("h1")).toHaveText(ARABIC.title);
    const note = page.getByTestId("machine-translated");
    await expect(note).toContainText("ترجمة آلية");
    await expect(note.getByRole("link", { name: "النص الأصلي" })).toHaveAttribute(
      "href",
      `/news/article/${SLUG}`,
    );
    await page.screenshot({ path: "screenshots/machine-translated-article.png", fullPage: true });
    // The English page is the original, with no label.
    await page.goto(`/news/article/${SLUG}`);
    await expect(page.locator("h1")).toHaveText("English-only desk note");
    await expect(page.getByTestId("machine-translated")).toHaveCount(0);
    // The Arabic news page's card carries the label too.
    await page.goto("/ar/news/economic");
    const card = page.getByTestId("article-card").filter({ hasText: ARABIC.title });
    await expect(card.getByTestId("machine-translated-tag")).toHaveText("ترجمة آلية");
  });
});
