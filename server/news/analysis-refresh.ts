import { ANALYSIS_REFRESH_LIMITED } from "#common/analytics-schema";
import { AppError } from "#common/errors";
import type { Db } from "../db/client";
import type { Logger } from "../logger";
import type { Analyse } from "./analyse-items";
import { offlineEngine } from "./analysis/offline-engine";
import type { AnalysisEngine } from "./analysis/types";
import { dashboardItems } from "./dashboard";
import { createRefreshGate, type RefreshRequester } from "./refresh-gate";

/**
 * 'Refresh Analysis': recomputes the dashboard's analyses. A reader's press passes the refresh
 * gate (refresh-gate.ts); a model-backed engine recomputes at most once a minute, the offline
 * engine (cheap) every time.
 */

/** A model-backed refresh is honoured at most this often (the offline engine is cheap and always runs). */
const AI_REFRESH_COOL_DOWN_MS = 60_000;

export function analysisRefresh(deps: { db: Db; log: Logger; engine: AnalysisEngine; analyse: Analyse }) {
  const { db, log, engine } = deps;
  const gate = createRefreshGate(db);
  let lastAiRefresh = 0;
  return async (by?: RefreshRequester): Promise<{ refreshedAt: Date; recomputed: number }> => {
    if (by) {
      const verdict = await gate.admit(by);
      if (!verdict.allowed) throw new AppError("rate_limited:analysis_refresh", ANALYSIS_REFRESH_LIMITED);
      if (!verdict.recompute) return { refreshedAt: new Date(), recomputed: 0 };
    }
    const items = await dashboardItems(db);
    if (engine !== offlineEngine && Date.now() - lastAiRefresh < AI_REFRESH_COOL_DOWN_MS) {
      return { refreshedAt: new Date(lastAiRefresh), recomputed: 0 };
    }
    if (engine !== offlineEngine) lastAiRefresh = Date.now();
    const analyses = await deps.analyse(items, true);
    log.info({ items: analyses.size, engine: engine.name }, "news analysis refreshed");
    return { refreshedAt: new Date(), recomputed: analyses.size };
  };
}
