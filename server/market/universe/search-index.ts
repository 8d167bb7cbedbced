import type { Listing, ListingExchange } from "./types";

/**
 * Folds text for matching: case, Latin accents, Arabic short vowels and tatweel, hamza/alef
 * forms, alef maqsura and ta marbuta, Arabic-Indic digits, punctuation. Both the stored names
 * and the query go through it, so "الراجحى" finds "الراجحي" and "emaar" finds "EMAAR".
 */
export function normalizeForSearch(s: string): string {
  return s
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[\u064b-\u065f\u0670\u0640]/g, "")
    .replace(/[أإآٱ]/g, "ا")
    .replace(/ى/g, "ي")
    .replace(/ة/g, "ه")
    .replace(/ؤ/g, "و")
    .replace(/ئ/g, "ي")
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Drops the Arabic article from each word so "راجحي" matches "الراجحي". */
function withoutArticle(words: string): string {
  return words
    .split(" ")
    .map((w) => (w.length > 3 && w.startsWith("ال") ? w.slice(2) : w))
    .join(" ");
}

interface Entry {
  listing: Listing;
  symbol: string;
  /** " name nameAr nameAr-without-articles " with spaces at both ends for word-prefix tests. */
  names: string;
  /** Each name whole, normalised: a query equal to one is the best name match. */
  whole: Set<string>;
}

export interface ListingIndex {
  all(): Listing[];
  get(symbol: string): Listing | undefined;
  search(q: string, options?: { exchange?: ListingExchange; limit?: number }): Listing[];
}

export const DEFAULT_SEARCH_LIMIT = 20;

export function createListingIndex(listings: Listing[]): ListingIndex {
  const sorted = [...listings].sort(
    (a, b) => a.exchange.localeCompare(b.exchange) || a.symbol.localeCompare(b.symbol),
  );
  const bySymbol = new Map(sorted.map((l) => [l.symbol.toUpperCase(), l]));
  const entries: Entry[] = sorted.map((listing) => {
    const en = normalizeForSearch(listing.name);
    const ar = normalizeForSearch(listing.nameAr);
    return {
      listing,
      symbol: listing.symbol.toLowerCase(),
      names: ` ${en} ${ar} ${withoutArticle(ar)} `,
      whole: new Set([en, ar, withoutArticle(ar)]),
    };
  });

  function score(e: Entry, q: string, qWords: string[]): number {
    if (e.symbol === q) return 100;
    if (e.symbol.startsWith(q)) return 80 - Math.min(e.symbol.length - q.length, 10);
    // A whole name typed in full ("العالمية القابضة" is IHC's) outranks a longer name containing it.
    if (e.whole.has(q)) return 75;
    if (e.names.includes(` ${q} `)) return 70;
    if (e.names.includes(` ${q}`)) return 60;
    // Every word of the query starts a word of the names (any order).
    if (qWords.length > 1 && qWords.every((w) => e.names.includes(` ${w}`))) return 50;
    if (q.length >= 3 && e.names.includes(q)) return 30;
    return 0;
  }

  return {
    all: () => sorted,
    get: (symbol) => bySymbol.get(symbol.trim().toUpperCase()),
    search(query, options = {}) {
      const limit = options.limit ?? DEFAULT_SEARCH_LIMIT;
      const q = normalizeForSearch(query);
      const pool = options.exchange
        ? entries.filter((e) => e.listing.exchange === options.exchange)
        : entries;
      if (!q) return pool.slice(0, limit).map((e) => e.listing);
      const qWords = withoutArticle(q).split(" ");
      const hits: Array<{ e: Entry; s: number }> = [];
      for (const e of pool) {
        // The query as typed outranks it without its article: "الدار" puts Aldar (الدار) before Dar Al Arkan (دار).
        const bare = qWords.length === 1 && qWords[0] !== q ? score(e, qWords[0], qWords) - 1 : 0;
        const s = Math.max(score(e, q, qWords), bare);
        if (s > 0) hits.push({ e, s });
      }
      hits.sort((a, b) => b.s - a.s || a.e.symbol.localeCompare(b.e.symbol));
      return hits.slice(0, limit).map((h) => h.e.listing);
    },
  };
}
