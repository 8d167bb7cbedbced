import type { Database } from "../db/client";
import type { FixedDocuments } from "./fixed-docs";
import { headlineToHtml, plainText } from "./highlight";
import { type ParsedQuery, searchConfig } from "./query-terms";
import {
  BODY_HEADLINE,
  CANDIDATES_PER_SOURCE,
  RECENT_NEWS_WINDOW,
  SEARCH_SQL,
  type SearchRow,
  TITLE_HEADLINE,
  TO_TSQUERY,
} from "./search-sql";
import type { SearchResult } from "./types";

/**
 * One ranked search: the terms parsed to a tsquery, then every source's candidates ranked and the
 * best page highlighted, in the query's own language configuration.
 */

/** The fixed documents for a query: listed companies only when the listing index matches it. */
async function fixedParam(fixed: FixedDocuments, query: string, arabic: boolean) {
  const all = await fixed.docs();
  // Asked after the documents: computing them (re)builds the listing index the candidates come from.
  const wanted = fixed.listingCandidates(query);
  const docs = all.filter((d) => !d.listing || wanted.has(d.ref));
  return JSON.stringify(
    docs.map(({ hidden: _hidden, tsvAr, listing: _listing, facts: _facts, ...d }) =>
      arabic ? { ...d, tsv: tsvAr } : d,
    ),
  );
}

function toResult(r: SearchRow): SearchResult {
  return {
    source: r.source,
    type: r.type,
    title: plainText(r.title_hl),
    titleHtml: headlineToHtml(r.title_hl),
    descriptionHtml: headlineToHtml(r.body_hl),
    // An article's slug may be Arabic: encoded like common/article-path.ts encodes it.
    url: r.source === "article" ? encodeURI(r.url) : r.url,
    external: /^https?:\/\//i.test(r.url),
    date: r.at ? new Date(r.at) : null,
    rank: Number(r.rank),
  };
}

export async function rankedQuery(
  database: Database,
  fixed: FixedDocuments,
  query: string,
  terms: ParsedQuery,
  limit: number,
): Promise<SearchResult[]> {
  const config = searchConfig(query);
  const [parsed] = await database.query<{ q: string }>(TO_TSQUERY, [
    terms.latin,
    terms.arabic,
    terms.prefix,
    terms.short,
  ]);
  // Stop words or punctuation only: nothing to look for.
  if (!parsed?.q) return [];
  const rows = await database.query<SearchRow>(SEARCH_SQL, [
    parsed.q,
    CANDIDATES_PER_SOURCE,
    await fixedParam(fixed, query, config === "arabic"),
    limit,
    BODY_HEADLINE,
    TITLE_HEADLINE,
    RECENT_NEWS_WINDOW,
    config,
  ]);
  return rows.map((row) => {
    const result = toResult(row);
    const facts = result.source === "instrument" ? fixed.factsOf(row.url) : undefined;
    return facts ? { ...result, instrument: facts } : result;
  });
}
