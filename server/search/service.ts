import type { MarketService } from "#server/market/types";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import type { Listing } from "../market/universe";
import { fixedDocuments, LISTING_CANDIDATES } from "./fixed-docs";
import { onlyShortWords, type ParsedQuery, plainQuery, prefixQuery } from "./query-terms";
import { rankedQuery } from "./ranked-query";
import type { SearchService } from "./types";

// The statement and its parameters, for bench/search.ts.
export {
  BODY_HEADLINE,
  CANDIDATES_PER_SOURCE,
  RECENT_NEWS_WINDOW,
  SEARCH_SQL,
  TITLE_HEADLINE,
} from "./search-sql";

export interface SearchDeps {
  database: Database;
  log: Logger;
  /** The instruments found by name or symbol; without it none are. */
  market?: MarketService;
  /** Every listed company (the instruments directory); each is found like an instrument. */
  listings: () => Promise<Listing[]>;
}

const MAX_QUERY_LENGTH = 200;
export const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;
/** Listed companies on a page for a query of one- or two-letter words only. */
const SHORT_QUERY_LISTINGS = 8;

/**
 * Search in parts: the query's terms (query-terms.ts), the statements (search-sql.ts), the
 * documents that are not table rows (fixed-docs.ts) and one ranked query (ranked-query.ts).
 * createSearch only wires them and chooses between words and prefixes.
 */
export function createSearch(deps: SearchDeps): SearchService {
  const { database, log } = deps;
  const fixed = fixedDocuments(deps);
  const run = (query: string, terms: ParsedQuery, limit: number) =>
    rankedQuery(database, fixed, query, terms, limit);
  return {
    async search(raw, opts = {}) {
      const query = raw.trim().slice(0, MAX_QUERY_LENGTH);
      // A blank query does nothing.
      if (!query) return { query, results: [] };
      const limit = Math.min(
        Math.max(Math.trunc(opts.limit ?? DEFAULT_LIMIT) || DEFAULT_LIMIT, 1),
        MAX_LIMIT,
      );
      const prefix = prefixQuery(query);
      const short = prefix !== null && onlyShortWords(query);
      // One- and two-letter queries go straight to prefixes; others only when the words find nothing.
      let results = short ? [] : await run(query, plainQuery(query), limit);
      if (short) {
        // Dozens of listed companies start with any one or two letters: at most a few of them take
        // places on the page, so titles and curated instruments that start with them still show.
        const all = await run(query, prefix, limit + LISTING_CANDIDATES);
        const listingUrls = fixed.listingUrls();
        let listed = 0;
        results = all
          .filter((r) => !listingUrls.has(r.url) || ++listed <= SHORT_QUERY_LISTINGS)
          .slice(0, limit);
      } else if (results.length === 0 && prefix) results = await run(query, prefix, limit);
      log.debug({ query, results: results.length }, "search");
      return { query, results };
    },
  };
}
