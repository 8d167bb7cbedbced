import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articleTranslations } from "../content/machine-translation";
import type { Services } from "../services";
import { type JsonModelStub, startJsonModelStub } from "../testing/json-model-stub";
import { createTestServices } from "../testing/test-services";
import { createTranslation } from "./service";

/** An OpenAI-compatible model on loopback that answers every translation with the same Arabic. */
let stub: JsonModelStub;
let baseURL: string;
let failing = false;
const prompts = () => stub.requests.map((r) => JSON.stringify(r.body.messages));

const ARABIC = { title: "عنوان مترجم آلياً", excerpt: "ملخص مترجم", body: "## قسم\n\nنص المقال مترجماً." };

beforeAll(async () => {
  stub = await startJsonModelStub(() =>
    failing
      ? { status: 500, error: { message: "The server had an error", type: "server_error" } }
      : { content: JSON.stringify(ARABIC) },
  );
  baseURL = stub.url;
});
afterAll(() => stub.close());

let s: Services;
beforeAll(async () => {
  s = await createTestServices();
});
afterAll(() => s.close());

function translation(config: { AI_BASE_URL?: string }) {
  const jobs: string[] = [];
  const t = createTranslation({
    log: s.log,
    config: { AI_MODEL: "stub-model", AI_TIMEOUT_MS: 5_000, ...config },
    jobs: { register: (job) => void jobs.push(job.name) },
    articles: articleTranslations(s.db),
  });
  return { t, jobs };
}

const english = (title: string) =>
  s.content.articles.create({
    section: "economic",
    title,
    excerpt: "An English excerpt.",
    bodyMarkdown: "## Section\n\nThe English body.",
  });

describe("machine translation of articles without an Arabic version", () => {
  it("does nothing offline: no job, the article keeps no Arabic", async () => {
    const article = await english("Offline article stays English");
    const { t, jobs } = translation({});
    expect(t.enabled).toBe(false);
    expect(jobs).toEqual([]);
    expect(await t.translatePending()).toBe(0);
    const stored = await s.content.articles.get(article.slug);
    expect(stored.titleAr).toBeNull();
    expect(stored.arMachineTranslated).toBe(false);
  });

  it("translates once through the configured model, stores it and marks it machine-translated", async () => {
    const { t, jobs } = translation({ AI_BASE_URL: baseURL });
    expect(t.enabled).toBe(true);
    expect(jobs).toEqual(["article-translation"]);
    const edited = await s.content.articles.create({
      section: "economic",
      title: "Editor wrote the Arabic",
      titleAr: "كتب المحرر العربية",
      bodyMarkdownAr: "نص المحرر",
    });
    stub.requests.length = 0;
    while ((await t.translatePending()) > 0);
    const stored = await s.content.articles.get("offline-article-stays-english");
    expect(stored).toMatchObject({
      titleAr: ARABIC.title,
      excerptAr: ARABIC.excerpt,
      arMachineTranslated: true,
    });
    expect(stored.bodyHtmlAr).toContain("<h2");
    expect(
      prompts().some((p) => p.includes("Offline article stays English") && p.includes("The English body.")),
    ).toBe(true);
    // The editor's Arabic is never sent or replaced; translated articles are not asked again.
    expect(prompts().some((p) => p.includes("Editor wrote the Arabic"))).toBe(false);
    expect((await s.content.articles.get(edited.slug)).titleAr).toBe("كتب المحرر العربية");
    stub.requests.length = 0;
    expect(await t.translatePending()).toBe(0);
    expect(prompts()).toEqual([]);
    const [card] = (await s.content.articles.list({ limit: 50 })).filter((a) => a.slug === stored.slug);
    expect(card?.arMachineTranslated).toBe(true);
  });

  it("stores nothing when the model fails, and asks again next round", async () => {
    const article = await english("Model down article");
    const { t } = translation({ AI_BASE_URL: baseURL });
    failing = true;
    try {
      expect(await t.translatePending()).toBe(0);
    } finally {
      failing = false;
    }
    expect((await s.content.articles.get(article.slug)).titleAr).toBeNull();
    expect(await t.translatePending()).toBeGreaterThan(0);
    expect((await s.content.articles.get(article.slug)).arMachineTranslated).toBe(true);
  });

  it("an editor's Arabic is theirs; an English edit makes the machine Arabic stale, translated again", async () => {
    const a = await s.content.articles.get("model-down-article");
    const englishEdit = await s.content.articles.update(a.id, {
      title: "Model down article, corrected",
      titleAr: a.titleAr,
      excerptAr: a.excerptAr,
      bodyMarkdownAr: a.bodyMarkdownAr,
    });
    expect(englishEdit).toMatchObject({ titleAr: null, bodyMarkdownAr: null, arMachineTranslated: false });
    const { t } = translation({ AI_BASE_URL: baseURL });
    while ((await t.translatePending()) > 0);
    const again = await s.content.articles.getById(a.id);
    expect(again.arMachineTranslated).toBe(true);
    const arabicEdit = await s.content.articles.update(a.id, { titleAr: "عنوان راجعه المحرر" });
    expect(arabicEdit).toMatchObject({ titleAr: "عنوان راجعه المحرر", arMachineTranslated: false });
    expect(arabicEdit.bodyMarkdownAr).toBe(ARABIC.body);
  });
});
