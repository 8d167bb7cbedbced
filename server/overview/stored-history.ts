import type { Db } from "../db/client";
import type { Logger } from "../logger";
import { readScreenerFacts, type ScreenerFacts } from "./facts";
import { readSessionVolumes, readYearRanges } from "./history";
import { type PeriodCloses, readPeriodCloses } from "./period-closes";
import type { SessionVolume, YearRange } from "./row";
import { singleFlight } from "./single-flight";

/** Stored history (52-week ranges, real session volumes) is read again at most this often. */
const HISTORY_MS = 5 * 60_000;
/** While most companies have no stored bars yet (a first start still backfilling), sooner. */
const SPARSE_HISTORY_MS = 30_000;
/** The screener's rulings and dividend totals are read again at most this often. */
const FACTS_MS = 60_000;

export interface StoredHistory {
  ranges: Map<string, YearRange>;
  volumes: Map<string, SessionVolume>;
  closes: Map<string, PeriodCloses>;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * What the overview's rows need from the database, read in grouped queries and kept in memory:
 * the history (again every 5 minutes, or 30 seconds while most companies have none yet, and when
 * the date changes) and the screener's Shariah summaries and trailing dividends (every minute, so
 * a changed ruling or dividend shows in the screener within a minute). Never per request or tick.
 */
export function createStoredHistory({
  db,
  log,
  clock,
  currencyOf,
}: {
  db: Db;
  log: Logger;
  clock: () => number;
  currencyOf: (symbol: string) => string | undefined;
}) {
  let history: StoredHistory = { ranges: new Map(), volumes: new Map(), closes: new Map() };
  let facts: ScreenerFacts = { shariah: new Map(), dividends: new Map() };
  let historyAt = 0;
  let historyDay = "";
  let factsAt = 0;

  const loadFacts = singleFlight(() =>
    readScreenerFacts(db, dayOf(clock()), currencyOf)
      .then((read) => {
        facts = read;
        factsAt = clock();
      })
      .catch((err) => log.error({ err }, "overview: reading the screener's facts failed")),
  );
  /** Both reads; rejects when the history's failed (the rows then keep what they had). */
  const loadAll = singleFlight(async () => {
    const today = dayOf(clock());
    const [ranges, volumes, closes] = await Promise.all([
      readYearRanges(db, today),
      readSessionVolumes(db, today),
      readPeriodCloses(db, today),
      loadFacts(),
    ]);
    history = { ranges, volumes, closes };
    historyAt = clock();
    historyDay = today;
  });

  return {
    history: () => history,
    facts: () => facts,
    /** When the history was last read (part of the heatmap's cache key). */
    loadedAt: () => historyAt,
    loadAll,
    loadFacts,
    /** Resolves once no read is under way. */
    settled: () => Promise.all([loadAll.settled(), loadFacts.settled()]).then(() => {}),
    historyDue: (listings: number) =>
      clock() - historyAt >= (history.ranges.size * 2 < listings ? SPARSE_HISTORY_MS : HISTORY_MS) ||
      dayOf(clock()) !== historyDay,
    factsDue: () => clock() - factsAt >= FACTS_MS,
  };
}
