/** Each search result shows an icon by type (docs/product/content.md). */
export type SearchResultType = "analysis" | "data" | "broker";

/** Where a result comes from (one per searchable table, plus instruments and the site's pages). */
export type SearchSource =
  | "article"
  | "news"
  | "broker"
  | "blacklist"
  | "education"
  | "event"
  | "disclosure"
  | "instrument"
  | "page";

/**
 * What an instrument result is, as data, so a page can name it in its own language: the result's
 * title and description are the indexed English text.
 */
export interface InstrumentFacts {
  symbol: string;
  name: string;
  /** The Arabic name when a source gave one. */
  nameAr?: string;
  /** The market category ("gulfStocks", "currencies", ...), for curated instruments. */
  category?: string;
  /** The country of its exchange ("Saudi Arabia"), when it has one. */
  country?: string;
  exchange?: string;
  sector?: string;
  currency?: string;
}

export interface SearchResult {
  source: SearchSource;
  type: SearchResultType;
  /** Plain title and the same title as HTML whose only markup is <mark> around matches. */
  title: string;
  titleHtml: string;
  /** The best-matching passage, HTML with only <mark>. */
  descriptionHtml: string;
  /** A site path ("/news/article/x") or, for ingested news, the publisher's http(s) link. */
  url: string;
  external: boolean;
  date: Date | null;
  rank: number;
  /** An instrument result's facts (source "instrument" only). */
  instrument?: InstrumentFacts;
}

export interface SearchResponse {
  query: string;
  results: SearchResult[];
}

export interface SearchService {
  /** Ranked full-text search; a blank query returns no results without touching the database. */
  search(query: string, opts?: { limit?: number }): Promise<SearchResponse>;
}
