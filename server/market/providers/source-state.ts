import type { Logger } from "../../logger";
import { RequestLog } from "../refresh-planner";
import type { SourceHealth } from "../types";
import type { SourceError } from "./http-client";
import type { QuoteSource, SourceQuote } from "./source";

/** A real quote older than this is no longer shown (daily sources: several days, over weekends). */
export const MAX_AGE_MS = 6 * 3_600_000;
export const MAX_AGE_DAILY_MS = 4 * 86_400_000;
/** A ticker a source did not know is asked again after this long. */
const UNKNOWN_RETRY_MS = 6 * 3_600_000;
/** A source that answered with a stale trade yields the instrument to the next source this long. */
const STALE_RETRY_MS = 30 * 60_000;

/** What the composite provider knows of one real source: its answers, budget use and health. */
export interface SourceState {
  source: QuoteSource;
  log: RequestLog;
  cursor: number;
  refreshedAt: Map<string, number>;
  unknownUntil: Map<string, number>;
  cache: Map<string, SourceQuote & { fetchedAt: number }>;
  /** The last request succeeded (a source that never answered is not ok). */
  ok: boolean;
  quoted: number;
  lastSuccess: number | null;
  lastError: string | null;
  lastErrorAt: number | null;
  running: Promise<void> | null;
  failing: boolean;
  /** Instruments whose real history this source should fetch once (after its first quote). */
  historyDue: string[];
  historyDone: Set<string>;
}

export function newSourceState(source: QuoteSource): SourceState {
  return {
    source,
    log: new RequestLog(),
    cursor: 0,
    refreshedAt: new Map(),
    unknownUntil: new Map(),
    cache: new Map(),
    ok: false,
    quoted: 0,
    lastSuccess: null,
    lastError: null,
    lastErrorAt: null,
    running: null,
    failing: false,
    historyDue: [],
    historyDone: new Set(),
  };
}

/** Not asked at all: still backing off, or the bucket behind the planner is empty. */
export const notAsked = (err: unknown) => {
  const kind = (err as SourceError).kind;
  return kind === "backoff" || kind === "budget";
};

/**
 * A source's answer for a batch of symbols at `at`: its quotes cached, symbols it did not know (or
 * answered with a stale trade) left to the next source for a while, history due once per symbol.
 */
export function recordAnswer(
  st: SourceState,
  chunk: string[],
  quotes: SourceQuote[],
  at: number,
  log: Logger,
) {
  const got = new Set(quotes.map((q) => q.symbol));
  for (const q of quotes) {
    st.cache.set(q.symbol, { ...q, fetchedAt: at });
    // A stale trade counts as a failed answer for it: the next source is asked meanwhile.
    if (q.freshness === "stale") st.unknownUntil.set(q.symbol, at + STALE_RETRY_MS);
    if (st.source.history && !st.historyDone.has(q.symbol)) {
      st.historyDone.add(q.symbol);
      st.historyDue.push(q.symbol);
    }
  }
  for (const s of chunk) {
    st.refreshedAt.set(s, at);
    if (!got.has(s)) st.unknownUntil.set(s, at + UNKNOWN_RETRY_MS);
  }
  st.quoted = quotes.filter((q) => q.freshness !== "stale").length;
  st.ok = true;
  st.lastSuccess = at;
  if (st.failing) log.info({ source: st.source.name }, "market: source reachable again");
  st.failing = false;
}

/** A failed request: the source is not ok and its instruments fall back until it answers again. */
export function recordFailure(st: SourceState, err: unknown, at: number, log: Logger) {
  st.ok = false;
  st.lastError = (err as Error).message.slice(0, 300);
  st.lastErrorAt = at;
  if (!st.failing)
    log.warn({ source: st.source.name, err: st.lastError }, "market: source failed; falling back");
  st.failing = true;
}

/** The admin's view of a source at `now`. */
export function sourceHealth(st: SourceState, groups: Set<string> | undefined, now: number): SourceHealth {
  const backoff = st.source.client.backoffUntil();
  return {
    name: st.source.name,
    groups: [...(groups ?? [])],
    quoted: [...st.cache.values()].filter((q) => now - q.fetchedAt <= MAX_AGE_MS).length,
    ok: st.ok,
    budget: {
      perMinute: st.source.budget.perMinute,
      perDay: st.source.budget.perDay,
      usedMinute: st.log.usedMinute(now),
      usedDay: st.log.usedDay(now),
    },
    lastSuccess: st.lastSuccess ? new Date(st.lastSuccess).toISOString() : null,
    lastError: st.lastError,
    lastErrorAt: st.lastErrorAt ? new Date(st.lastErrorAt).toISOString() : null,
    backoffUntil: backoff ? new Date(backoff).toISOString() : null,
  };
}
