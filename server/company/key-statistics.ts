import type { Figure, KeyStatistics, KeyStatisticsFigures } from "#common/key-statistics";
import type { Instrument, Quote } from "../market/types";
import type { Listing } from "../market/universe";
import type { HistoryStats } from "./history-stats";

/** What one company's statistics are assembled from: all in memory or cached per session. */
export interface StatisticsInputs {
  instrument: Instrument;
  listing?: Listing;
  /** The date of the listing file's source, when the listing came from it. */
  listingAsOf: string | null;
  quote?: Quote;
  history: HistoryStats | null;
}

const isSimulated = (q: Quote) => q.freshness === "simulated" || q.source === "simulator";

function fromQuote<T>(q: Quote, value: T): Figure<T> {
  return { value, source: q.source, asOf: q.lastUpdate, ...(isSimulated(q) ? { simulated: true } : {}) };
}

function fromHistory<T>(h: HistoryStats, value: T, extra?: Partial<Figure<T>>): Figure<T> {
  return {
    value,
    source: h.source,
    asOf: h.latest.date,
    ...extra,
    ...(h.simulated ? { simulated: true } : {}),
  };
}

/** The day's figures of the live quote: previous close (only a real one is kept by the market) and range. */
function quoteFigures(q: Quote | undefined): Partial<KeyStatisticsFigures> {
  if (!q) return {};
  return {
    ...(q.previousClose > 0 ? { previousClose: fromQuote(q, q.previousClose) } : {}),
    ...(q.dayHigh > 0 ? { dayRange: fromQuote(q, { low: q.dayLow, high: q.dayHigh }) } : {}),
  };
}

/**
 * The 52-week range of the stored bars. The live quote widens it and places the price only when
 * it is of the same kind (real with real bars, simulated with simulated ones); otherwise the
 * latest counted close stands for the price.
 */
function rangeFigure(
  h: HistoryStats,
  q: Quote | undefined,
): Figure<NonNullable<KeyStatisticsFigures["range52Week"]>["value"]> {
  const live =
    q && isSimulated(q) === h.simulated && q.freshness !== "stale" && q.dayHigh > 0 ? q : undefined;
  const low = live ? Math.min(h.range52Week.low, live.dayLow) : h.range52Week.low;
  const high = live ? Math.max(h.range52Week.high, live.dayHigh) : h.range52Week.high;
  const price = live ? live.price : h.latest.close;
  const position = high > low ? Math.min(1, Math.max(0, (price - low) / (high - low))) : 0.5;
  return fromHistory(
    h,
    { low, high, price, position },
    {
      basis: h.range52Week.basis,
      ...(live ? { asOf: live.lastUpdate } : {}),
    },
  );
}

function historyFigures(h: HistoryStats | null, q: Quote | undefined): Partial<KeyStatisticsFigures> {
  if (!h) return {};
  const { latest } = h;
  const avg = h.averageVolume30Day;
  return {
    open: fromHistory(h, latest.open),
    range52Week: rangeFigure(h, q),
    ...(latest.volume !== null
      ? {
          volume: fromHistory(h, latest.volume),
          // The sources give no traded value: the session's volume at its close stands for it.
          valueTraded: fromHistory(h, latest.volume * latest.close),
        }
      : {}),
    ...(avg ? { averageVolume30Day: fromHistory(h, avg.value, { basis: avg.basis }) } : {}),
  };
}

/**
 * A company's key statistics. Shares outstanding, market cap, P/E, EPS, the dividend yield and the
 * ISIN stay absent: no source the site reads gives them (the listings carry no shares or ISIN,
 * and no dividend history is stored), and a figure is never invented.
 */
export function keyStatistics(inputs: StatisticsInputs): KeyStatistics {
  const { instrument, listing, listingAsOf, quote, history } = inputs;
  const facts = { source: listing?.source ?? "catalogue", asOf: listing ? listingAsOf : null };
  return {
    symbol: instrument.symbol,
    statistics: {
      ...historyFigures(history, quote),
      ...quoteFigures(quote),
      ...(listing ? { sector: { value: listing.sector, ...facts } } : {}),
      exchange: { value: instrument.exchange, ...facts },
      currency: { value: instrument.currency, ...facts },
    },
  };
}
