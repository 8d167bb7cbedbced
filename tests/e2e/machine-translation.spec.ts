import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import { PRODUCTION_NODE_FLAGS, serverEntry } from "#scripts/production-node-flags";
import { expect, test } from "./fixtures";

/**
 * Machine translation with a model configured: a server whose AI_BASE_URL is an OpenAI-compatible
 * stub on loopback translates an article that has no Arabic, and the Arabic page shows it labelled
 * "ترجمة آلية" with a link to the original. The article is written into the server's database
 * while it is stopped; the translation job runs when the server starts.
 */

const port = Number(process.env.E2E_PORT ?? 4173) + 61;
const baseURL = `http://localhost:${port}`;
const dataDir = `.tmp/e2e-translation-${port}`;
const SLUG = "english-only-desk-note";
const ARABIC = { title: "مذكرة المكتب بالعربية", excerpt: "ملخص مترجم", body: "## قسم\n\nنص مترجم آلياً." };

let stub: http.Server;
let stubUrl: string;
let server: ChildProcess | null = null;
const prompts: string[] = [];

function startStub() {
  stub = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      if (req.url !== "/v1/chat/completions") return res.writeHead(404).end();
      prompts.push(raw);
      res.setHeader("Content-Type", "application/json");
      res.end(
        JSON.stringify({
          id: "chatcmpl-1",
          object: "chat.completion",
          created: Math.floor(Date.now() / 1000),
          model: "stub-model",
          choices: [
            {
              index: 0,
              message: { role: "assistant", content: JSON.stringify(ARABIC) },
              finish_reason: "stop",
            },
          ],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
    });
  });
  return new Promise<void>((resolve) =>
    stub.listen(0, "127.0.0.1", () => {
      stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/v1`;
      resolve();
    }),
  );
}

async function startServer() {
  server = spawn(
    process.execPath,
    [...PRODUCTION_NODE_FLAGS, serverEntry(process.env.BUILD_DIR ?? "build")],
    {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_URL: baseURL,
        LOG_LEVEL: "error",
        MARKET_TICK_MS: "1000",
        MARKET_PROVIDER: "simulator",
        CALENDAR_SOURCE: "schedule",
        RSS_SEED_REAL_FEEDS: "false",
        RSS_POLL_MINUTES: "60",
        AI_BASE_URL: stubUrl,
        AI_API_KEY: "sk-e2e",
        AI_MODEL: "stub-model",
        AI_TIMEOUT_MS: "5000",
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  await expect
    .poll(
      () =>
        fetch(`${baseURL}/readyz`).then(
          (r) => r.ok,
          () => false,
        ),
      { timeout: 120_000 },
    )
    .toBe(true);
}

async function stopServer() {
  if (!server?.pid || server.exitCode !== null) return;
  const exited = new Promise((r) => server!.once("exit", r));
  server.kill("SIGTERM");
  await exited;
}

test.describe("machine translation with a configured model", () => {
  test.use({ baseURL });

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    await startStub();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(`${dataDir}.lock`, { force: true });
    // A first start migrates and seeds the database (the shipped articles all have Arabic).
    await startServer();
    await stopServer();
    const db = new PGlite(dataDir);
    await db.query(
      `insert into articles (slug, section, title, excerpt, body_markdown, published_at)
       values ($1, 'economic', 'English-only desk note', 'An English excerpt', 'The English body.', now())`,
      [SLUG],
    );
    await db.close();
    prompts.length = 0;
    await startServer();
  });

  test.afterAll(async () => {
    await stopServer();
    await new Promise((r) => stub?.close(r));
  });

  test("an article without Arabic is translated once and labelled, with a link to the original", async ({
    page,
  }) => {
    await expect
      .poll(async () => (await page.request.get(`/ar/news/article/${SLUG}`)).text(), { timeout: 60_000 })
      .toContain(ARABIC.title);
    expect(prompts.filter((p) => p.includes("English-only desk note"))).toHaveLength(1);
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
