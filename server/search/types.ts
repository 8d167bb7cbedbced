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
  | "instrument"
  | "page";

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
}

export interface SearchResponse {
  query: string;
  results: SearchResult[];
}

export interface SearchService {
  /** Ranked full-text search; a blank query returns no results without touching the database. */
  search(query: string, opts?: { limit?: number }): Promise<SearchResponse>;
}
