import type { Config } from "../config";
import type { Db } from "../db/client";
import type { Logger } from "../logger";
import { createLazyAiEngine } from "./analysis/lazy-ai-engine";
import { offlineEngine } from "./analysis/offline-engine";
import type { AnalysisEngine } from "./analysis/types";
import { type CachedAnalysis, cachedAnalyses, type StoredItem, saveAnalysis } from "./queries";
import { toPlainText } from "./sanitizer";

/** Analysing stories: the engine (the AI one when configured, else offline) and the cached analyses. */

const ANALYSIS_CONCURRENCY = 3;

/** The injected engine, else the AI engine when an AI service is configured, else the offline one. */
export function pickEngine(
  config: Pick<Config, "AI_BASE_URL" | "AI_API_KEY" | "AI_MODEL" | "AI_TIMEOUT_MS">,
  log: Logger,
  injected?: AnalysisEngine,
): AnalysisEngine {
  if (injected) return injected;
  if (!config.AI_BASE_URL && !config.AI_API_KEY) return offlineEngine;
  return createLazyAiEngine({
    baseURL: config.AI_BASE_URL,
    apiKey: config.AI_API_KEY,
    model: config.AI_MODEL,
    timeoutMs: config.AI_TIMEOUT_MS,
    log,
  });
}

export type Analyse = (items: StoredItem[], force?: boolean) => Promise<Map<string, CachedAnalysis>>;

/**
 * Cached analyses, computing (and caching) the missing ones, a few at a time; `force` recomputes
 * them all. One story analysed twice at once shares one computation.
 */
export function itemAnalyser(db: Db, engine: AnalysisEngine): Analyse {
  const inflight = new Map<string, Promise<CachedAnalysis>>();

  function analyseOne(item: StoredItem): Promise<CachedAnalysis> {
    const running = inflight.get(item.id);
    if (running) return running;
    const job = (async () => {
      const result = await engine.analyze({
        title: item.title,
        text: toPlainText(item.description),
        language: item.language,
      });
      if (result.keyPoints.length === 0) result.keyPoints = [result.summary];
      return saveAnalysis(db, item.id, result);
    })().finally(() => inflight.delete(item.id));
    inflight.set(item.id, job);
    return job;
  }

  return async (items, force = false) => {
    const cached = force
      ? new Map<string, CachedAnalysis>()
      : await cachedAnalyses(
          db,
          items.map((i) => i.id),
        );
    const missing = items.filter((i) => !cached.has(i.id));
    let next = 0;
    const worker = async () => {
      while (next < missing.length) {
        const item = missing[next++]!;
        cached.set(item.id, await analyseOne(item));
      }
    };
    await Promise.all(Array.from({ length: Math.min(ANALYSIS_CONCURRENCY, missing.length) }, worker));
    return cached;
  };
}
