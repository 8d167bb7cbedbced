import type { SharedSnapshots } from "../cache/shared-snapshots";
import type { Config } from "../config";
import type { ArticleTranslations } from "../content/machine-translation";
import type { Scheduler } from "../jobs/scheduler";
import type { Logger } from "../logger";
import type { Translation, Translator } from "./types";

/**
 * Machine translation of the articles that have no Arabic version, when a model is configured
 * (AI_BASE_URL or AI_API_KEY): each is translated once by the leader's job, stored, and shown on
 * Arabic pages labelled machine-translated with a link to the original. With no model nothing
 * runs and Arabic pages show the English, marked lang="en".
 */

/** A few articles per round: a model call each, and the round must not hold the job for long. */
const PER_ROUND = 3;
const INTERVAL_MS = 5 * 60_000;

export interface TranslationDeps {
  log: Logger;
  config: Pick<Config, "AI_BASE_URL" | "AI_API_KEY" | "AI_MODEL" | "AI_TIMEOUT_MS">;
  jobs: Pick<Scheduler, "register">;
  articles: ArticleTranslations;
  /** Tests inject one; otherwise the configured model, loaded at the first round. */
  translator?: Translator;
  /** Told when a translation was stored, so every process reads the article pages again. */
  snapshots?: Pick<SharedSnapshots, "changed">;
}

function configuredTranslator(deps: TranslationDeps): (() => Promise<Translator>) | null {
  const injected = deps.translator;
  if (injected) return async () => injected;
  const { config } = deps;
  if (!config.AI_BASE_URL && !config.AI_API_KEY) return null;
  let loaded: Promise<Translator> | null = null;
  // The AI SDK is imported at the first round, not at start (as the news analysis does).
  return () =>
    (loaded ??= import("./translator").then((m) =>
      m.createAiTranslator({
        baseURL: config.AI_BASE_URL,
        apiKey: config.AI_API_KEY,
        model: config.AI_MODEL,
        timeoutMs: config.AI_TIMEOUT_MS * 2,
      }),
    ));
}

export function createTranslation(deps: TranslationDeps): Translation {
  const { log, articles } = deps;
  const translator = configuredTranslator(deps);
  if (!translator) return { enabled: false, translatePending: async () => 0 };

  async function translatePending(signal?: AbortSignal): Promise<number> {
    const model = await translator!();
    let stored = 0;
    for (const article of await articles.pending(PER_ROUND)) {
      if (signal?.aborted) break;
      try {
        const ar = await model.toArabic(
          { title: article.title, excerpt: article.excerpt, body: article.bodyMarkdown },
          signal,
        );
        const saved = await articles.save(article.id, {
          titleAr: ar.title,
          excerptAr: ar.excerpt,
          bodyMarkdownAr: ar.body,
        });
        if (saved) stored++;
      } catch (err) {
        // The model is down or refused: stop this round; the next one asks again.
        log.warn({ err: (err as Error).message, slug: article.slug }, "article translation failed");
        break;
      }
    }
    if (stored > 0) {
      log.info({ stored, translator: model.name }, "articles machine-translated");
      await deps.snapshots?.changed("content");
    }
    return stored;
  }

  deps.jobs.register({
    name: "article-translation",
    intervalMs: INTERVAL_MS,
    run: async (signal) => {
      await translatePending(signal);
    },
  });
  return { enabled: true, translatePending };
}
