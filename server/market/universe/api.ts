import type { InstrumentSummary, InstrumentsQuery } from "#common/instruments";
import type { Instrument } from "../types";
import { normalizeForSearch } from "./search-index";
import type { InstrumentDirectory, Listing } from "./types";

export function listingSummary(l: Listing): InstrumentSummary {
  return {
    symbol: l.symbol,
    name: l.name,
    nameAr: l.nameAr,
    exchange: l.exchange,
    sector: l.sector,
    currency: l.currency,
  };
}

function catalogueSummary(i: Instrument): InstrumentSummary {
  return {
    symbol: i.symbol,
    name: i.name,
    nameAr: i.nameAr ?? i.name,
    exchange: i.exchange,
    sector: i.subcategory ?? i.category,
    currency: i.currency,
  };
}

function catalogueMatches(i: Instrument, q: string): boolean {
  if (!q) return true;
  const keys = [i.symbol, i.name, i.nameAr ?? "", ...i.aliases].map(normalizeForSearch);
  return keys.some((k) => k.startsWith(q) || k.includes(` ${q}`) || (q.length >= 3 && k.includes(q)));
}

/**
 * The listings matching the query, then the curated catalogue's other instruments (indices,
 * currencies, crypto, commodities) that match, unless an exchange filter asks for listings only.
 */
export async function searchInstruments(
  directory: InstrumentDirectory,
  catalogue: Instrument[],
  query: InstrumentsQuery,
): Promise<InstrumentSummary[]> {
  const listings = await directory.search(query.q, { exchange: query.exchange, limit: query.limit });
  const out = listings.map(listingSummary);
  if (query.exchange || out.length >= query.limit) return out;
  const seen = new Set(out.map((i) => i.symbol));
  const q = normalizeForSearch(query.q);
  for (const i of catalogue) {
    if (out.length >= query.limit) break;
    if (seen.has(i.symbol) || (await directory.get(i.symbol))) continue;
    if (catalogueMatches(i, q)) out.push(catalogueSummary(i));
  }
  return out;
}

export interface InstrumentsService extends InstrumentDirectory {
  /** GET /api/instruments: listings and matching curated instruments, as summaries. */
  summaries(query: InstrumentsQuery): Promise<InstrumentSummary[]>;
}

export function createInstrumentsService(
  directory: InstrumentDirectory,
  catalogue: () => Instrument[],
): InstrumentsService {
  return {
    all: () => directory.all(),
    get: (symbol) => directory.get(symbol),
    search: (q, options) => directory.search(q, options),
    summaries: (query) => searchInstruments(directory, catalogue(), query),
  };
}
