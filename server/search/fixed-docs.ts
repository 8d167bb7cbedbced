import type { MarketService } from "#server/market/types";
import type { Database } from "../db/client";
import { AR_INSTRUMENTS } from "../market/arabic-names";
import type { Listing } from "../market/universe";
import { createListingIndex, type ListingIndex } from "../market/universe/search-index";
import { VECTOR } from "./search-sql";
import { STATIC_PAGES } from "./static-pages";
import type { InstrumentFacts, SearchResultType, SearchSource } from "./types";

/**
 * The documents that are not table rows: the site's pages, the market's instruments and every
 * listed company, with their vectors computed once (again when the catalogue changes).
 */

/** Listed companies ranked per query (from the listing index's best matches). */
export const LISTING_CANDIDATES = 30;

const CATEGORY_LABELS: Record<string, string> = {
  gulfStocks: "Gulf stocks",
  currencies: "Currencies",
  crypto: "Cryptocurrencies",
  commodities: "Commodities",
  usIndices: "US indices",
};

/** A document that is not a table row (the site's pages, market instruments), with its vector. */
export interface FixedDoc {
  source: SearchSource;
  ref: string;
  type: SearchResultType;
  title: string;
  body: string;
  url: string;
  /** Indexed but not shown: an instrument's Arabic names (an English result keeps its English text). */
  hidden?: string;
  tsv?: string;
  /** The vector Arabic queries match: tsv plus the hidden Arabic names (English ranks stay as they were). */
  tsvAr?: string;
  /** A listed company: only sent to the database when the listing index matches the query. */
  listing?: boolean;
  /** Multiplies the text rank: the site's featured instruments outrank other listings matched alike. */
  boost?: number;
  /** An instrument's facts, given with its result (not indexed). */
  facts?: InstrumentFacts;
}

/** The countries of the Gulf exchanges (the curated instruments carry theirs as a subcategory). */
const EXCHANGE_COUNTRY: Record<string, string> = {
  TADAWUL: "Saudi Arabia",
  DFM: "UAE",
  ADX: "UAE",
  QSE: "Qatar",
  BOURSA_KUWAIT: "Kuwait",
  BAHRAIN: "Bahrain",
  MSX: "Oman",
  ASE: "Jordan",
  NYSE: "United States",
};

/**
 * A featured instrument's description is longer (aliases, category), which ts_rank's length
 * normalisation would punish: "22" must find Saudi Aramco before the other 22xx listings.
 */
const FEATURED_BOOST = 1.3;

/** Listed companies as documents; the curated ones are already instruments. */
function listingDocs(listings: Listing[], curated: Set<string>): FixedDoc[] {
  return listings
    .filter((l) => !curated.has(l.symbol))
    .map((l) => ({
      source: "instrument" as const,
      ref: l.symbol,
      type: "data" as const,
      title: `${l.symbol} — ${l.name}`,
      body: [l.name, l.exchange, l.sector, l.currency].join(" · "),
      hidden: l.nameArMissing ? undefined : l.nameAr,
      url: `/markets/${encodeURIComponent(l.symbol.toLowerCase())}`,
      listing: true,
      facts: {
        symbol: l.symbol,
        name: l.name,
        nameAr: l.nameArMissing ? undefined : l.nameAr,
        country: EXCHANGE_COUNTRY[l.exchange],
        exchange: l.exchange,
        sector: l.sector,
        currency: l.currency,
      },
    }));
}

function instrumentDocs(market: MarketService | undefined): FixedDoc[] {
  if (!market) return [];
  return market.catalogue().map((i) => ({
    source: "instrument" as const,
    ref: i.symbol,
    type: "data" as const,
    title: `${i.symbol} — ${i.name}`,
    // "USD/AED" is one token to the parser: its parts are added so "AED" alone finds it.
    body: [
      i.name,
      i.symbol.split(/[^\p{L}\p{N}]+/u).join(" "),
      CATEGORY_LABELS[i.category] ?? i.category,
      i.subcategory,
      i.exchange,
      i.currency,
      ...i.aliases,
    ]
      .filter(Boolean)
      .join(" · "),
    hidden: [AR_INSTRUMENTS[i.symbol]?.name ?? i.nameAr, ...(AR_INSTRUMENTS[i.symbol]?.terms ?? [])]
      .filter(Boolean)
      .join(" · "),
    // The instrument page uses this slug: /markets/usd-aed.
    url: `/markets/${encodeURIComponent(i.symbol.toLowerCase().replace(/\//g, "-"))}`,
    boost: FEATURED_BOOST,
    facts: {
      symbol: i.symbol,
      name: i.name,
      nameAr: AR_INSTRUMENTS[i.symbol]?.name ?? i.nameAr,
      category: i.category,
      country: i.exchange ? EXCHANGE_COUNTRY[i.exchange] : undefined,
      exchange: i.exchange,
      currency: i.currency,
    },
  }));
}

async function withVectors(database: Database, docs: FixedDoc[]) {
  const rows = await database.query<{ ref: string; tsv: string; tsv_ar: string }>(
    `select d.ref, (${VECTOR})::text as tsv,
            (${VECTOR} || setweight(search_tsvector(coalesce(d.hidden, '')), 'B'))::text as tsv_ar
       from jsonb_to_recordset($1::jsonb) as d(ref text, title text, body text, hidden text)`,
    [JSON.stringify(docs.map(({ ref, title, body, hidden }) => ({ ref, title, body, hidden })))],
  );
  const byRef = new Map(rows.map((r) => [r.ref, r]));
  for (const d of docs) {
    d.tsv = byRef.get(d.ref)?.tsv ?? "";
    d.tsvAr = byRef.get(d.ref)?.tsv_ar ?? "";
  }
}

export function fixedDocuments(deps: {
  database: Database;
  market?: MarketService;
  listings: () => Promise<Listing[]>;
}) {
  let cached: { key: string; docs: FixedDoc[] } | null = null;
  let listingIndex: ListingIndex | null = null;
  return {
    /** Pages and instruments with their vectors, computed once (again if the catalogue changes). */
    async docs(): Promise<FixedDoc[]> {
      const curated = instrumentDocs(deps.market);
      const listings = await deps.listings();
      const docs: FixedDoc[] = [
        ...STATIC_PAGES.map((p) => ({ source: "page" as const, ref: p.url, ...p })),
        ...curated,
        ...listingDocs(listings, new Set(curated.map((d) => d.ref))),
      ];
      const key = docs.map((d) => d.ref).join("\n");
      if (cached?.key === key) return cached.docs;
      listingIndex = createListingIndex(listings);
      await withVectors(deps.database, docs);
      cached = { key, docs };
      return docs;
    },
    /**
     * The listings worth ranking for a query, from the in-memory listing index (symbol prefix,
     * English or Arabic name): hundreds of listings stay out of every query's parameters.
     */
    listingCandidates: (query: string): Set<string> =>
      new Set((listingIndex?.search(query, { limit: LISTING_CANDIDATES }) ?? []).map((l) => l.symbol)),
    /** An instrument's facts by its result's address (the documents computed so far). */
    factsOf: (url: string): InstrumentFacts | undefined => cached?.docs.find((d) => d.url === url)?.facts,
    /** The pages of listed companies among the documents computed so far. */
    listingUrls: () => new Set(cached?.docs.filter((d) => d.listing).map((d) => d.url)),
  };
}

export type FixedDocuments = ReturnType<typeof fixedDocuments>;
