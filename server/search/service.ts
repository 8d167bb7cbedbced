import type { MarketService } from "#server/market/types";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import { AR_INSTRUMENTS } from "../market/arabic-names";
import type { Listing } from "../market/universe";
import { createListingIndex, type ListingIndex } from "../market/universe/search-index";
import { headlineToHtml, MARK_CLOSE, MARK_OPEN, plainText } from "./highlight";
import { STATIC_PAGES } from "./static-pages";
import type { SearchResult, SearchResultType, SearchService, SearchSource } from "./types";

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
/**
 * Per table, only the newest this-many matches are ranked. ts_rank has to read every candidate's
 * vector, so ranking all 30,000 news items that mention "bank" would cost hundreds of milliseconds;
 * the newest two hundred keep a common word's p95 bounded (bench/search.ts) and suit news.
 */
export const CANDIDATES_PER_SOURCE = 200;
/** Listed companies ranked per query (from the listing index's best matches). */
const LISTING_CANDIDATES = 30;
/** Listed companies on a page for a query of one- or two-letter words only. */
const SHORT_QUERY_LISTINGS = 8;
/** News items scanned newest-first before falling back to the index (see SEARCH_SQL). */
export const RECENT_NEWS_WINDOW = 5_000;

const CATEGORY_LABELS: Record<string, string> = {
  gulfStocks: "Gulf stocks",
  currencies: "Currencies",
  crypto: "Cryptocurrencies",
  commodities: "Commodities",
  usIndices: "US indices",
};

/** A document that is not a table row (the site's pages, market instruments), with its vector. */
interface FixedDoc {
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
}

// Headline input: tags, Markdown syntax and our mark characters removed; long bodies cut short.
const cleaned = (col: string, max: number) =>
  `translate(regexp_replace(regexp_replace(left(${col}, ${max}), '<[^>]*>', ' ', 'g'), '[#*_\`>|~]+|\\]\\([^)]*\\)|!?\\[', ' ', 'g'), chr(57344) || chr(57345), '')`;

// search_tsvector() (migration 0005): the 'english' vector, plus the 'arabic' one for Arabic text.
const VECTOR = `setweight(search_tsvector(d.title), 'A') || setweight(search_tsvector(d.body), 'B')`;

/** Arabic letters (the Arabic block, its supplement and presentation forms). */
const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFC]/;

/**
 * The text search configuration of a query: 'arabic' when it is written in Arabic script (its
 * stemmer folds the article, prefixes and hamza forms the stored Arabic vectors were built with),
 * 'english' otherwise. Highlighting uses the same configuration so the marked words are the matches.
 */
function searchConfig(query: string): "arabic" | "english" {
  return ARABIC_SCRIPT.test(query) ? "arabic" : "english";
}

// The query arrives as a tsquery constant ($1, parsed by TO_TSQUERY below): the planner then
// knows the words' frequencies and scans a common word ("bank") newest-first instead of sorting
// every match. (Joined from a CTE it would plan blind; written as websearch_to_tsquery($1) in
// each place it would be parsed 16 times while planning.)
const Q = "$1::tsquery";
// Each script's words go to its own parser (a mixed Arabic–Latin query uses both, ANDed): $1
// Latin words for 'english', $2 Arabic words for 'arabic', $3 whether they are prefix queries
// (to_tsquery syntax), $4 short-word title prefixes for 'simple' (no stop words: "a:*A" stays).
// An empty part is the empty tsquery, which && ignores.
const TO_TSQUERY = `select (
    (case when $1::text = '' then ''::tsquery when $3::boolean then to_tsquery('english', $1::text)
          else websearch_to_tsquery('english', $1::text) end)
 && (case when $2::text = '' then ''::tsquery when $3::boolean then to_tsquery('arabic', $2::text)
          else websearch_to_tsquery('arabic', $2::text) end)
 && (case when $4::text = '' then ''::tsquery else to_tsquery('simple', $4::text) end)
  )::text as q`;

// One statement: each source contributes its newest matching candidates with their rank; the best
// are then highlighted (ts_headline is the costly part, so it runs on the final page only).
/**
 * Exported for bench/search.ts (BENCH_EXPLAIN). $1 tsquery text, $2 candidates per source, $3 fixed
 * documents, $4 limit, $5/$6 headline options, $7 the window of newest news items tried first, $8 the
 * query's text search configuration (searchConfig) for the headlines.
 */
export const SEARCH_SQL = `
with recent_news as materialized (
  -- Most searches find their candidates among the newest items: scanned newest-first, this stops
  -- after $2 matches and reads at most $7 rows, whatever the planner believes about the words.
  select r.* from (select * from news_items order by pub_date desc limit $7::int) r
   where r.search_vector @@ ${Q}
   order by r.pub_date desc limit $2::int
),
news_candidates as (
  select * from recent_news where (select count(*) from recent_news) >= $4::int
  union all
  -- Rarer words: all their matches through the GIN index, only when the window could not fill a
  -- page ($4). Mid-frequency words rank among their window matches rather than paying for both.
  (select * from news_items
    where search_vector @@ ${Q} and (select count(*) from recent_news) < $4::int
    order by pub_date desc limit $2::int)
),
hits as (
  -- The big tables: the newest candidates first, ranked and dressed only after the limit.
  select 'article' as source, a.id::text as ref,
         case when a.section = 'broker-analysis' then 'broker' else 'analysis' end as type,
         a.title, concat_ws(' ', a.excerpt, a.body_markdown) as body,
         case when a.section = 'broker-analysis' then '/brokers/analysis/' else '/news/article/' end || a.slug as url,
         a.published_at as at, ts_rank(a.search_vector, ${Q}, 1) as rank
    from (select * from articles
           where search_vector @@ ${Q} and published and published_at <= now()
           order by published_at desc limit $2::int) a
  union all
  select 'news', n.id::text, 'analysis', n.title, n.description,
         case when n.link ~* '^https?://' then n.link
              when n.category in ('economic', 'breaking', 'central-bank') then '/news/' || n.category
              else '/news-analytics' end,
         n.pub_date, ts_rank(n.search_vector, ${Q}, 1)
    from news_candidates n
  union all
  (select 'broker', b.id::text, 'broker', b.name,
          concat_ws(' · ', nullif(b.description, ''), 'Regulated by ' || array_to_string(array(select jsonb_array_elements_text(b.regulators)), ', '),
                    'Minimum deposit ' || b.min_deposit, 'Spread ' || b.spread),
          '/brokers/recommended#' || b.slug, null::timestamptz, ts_rank(b.search_vector, ${Q}, 1)
     from brokers b
    where b.search_vector @@ ${Q} and b.published
    limit $2::int)
  union all
  (select 'blacklist', e.id::text, 'broker', e.name, concat_ws(' — ', e.reason, e.regulator, e.warning),
          '/brokers/blacklisted#blacklist-' || e.id, e.date_added, ts_rank(e.search_vector, ${Q}, 1)
     from blacklist_entries e
    where e.search_vector @@ ${Q}
    order by e.date_added desc limit $2::int)
  union all
  (select 'education', c.id::text, 'analysis', c.title, c.body, '/news-analytics?tab=education',
          null::timestamptz, ts_rank(c.search_vector, ${Q}, 1)
     from education_cards c
    where c.search_vector @@ ${Q}
    limit $2::int)
  union all
  (select * from (
     -- A recurring event (monthly OPEC+ meetings, CPI) is one result: its nearest occurrence.
     select distinct on (v.title) 'event' as source, v.id::text as ref, 'data' as type, v.title,
            concat_ws(' · ', v.country, v.category, nullif(v.description, '')) as body,
            '/news-analytics?tab=calendar' as url, v.starts_at as at, ts_rank(v.search_vector, ${Q}, 1) as rank
       from economic_events v
      where v.search_vector @@ ${Q}
      order by v.title, abs(extract(epoch from v.starts_at - now()))) nearest
    limit $2::int)
  union all
  (select d.source, d.ref, d.type, d.title, d.body, d.url, null::timestamptz, ts_rank(d.tsv::tsvector, ${Q}, 1)
     from jsonb_to_recordset($3::jsonb) as d(source text, ref text, type text, title text, body text, url text, tsv text)
    where d.tsv::tsvector @@ ${Q})
),
weighted as (
  -- Editorial articles first, then wire stories, brokers and instruments; pages, education and
  -- calendar entries are short, which ts_rank's length normalisation already favours.
  select hits.*, rank * case source when 'article' then 1.5 when 'page' then 1.0 when 'education' then 1.0
                                    when 'event' then 1.0 else 1.2 end as score
    from hits
),
best as (select * from weighted order by score desc, at desc nulls last, ref limit $4::int)
select best.source, best.ref, best.type, best.url, best.at, best.score as rank,
       ts_headline($8::regconfig, ${cleaned("best.title", 1000)}, ${Q}, $6::text) as title_hl,
       ts_headline($8::regconfig, ${cleaned("best.body", 6000)}, ${Q}, $5::text) as body_hl
  from best
 order by best.score desc, best.at desc nulls last, best.ref`;

export const BODY_HEADLINE = `StartSel=${MARK_OPEN}, StopSel=${MARK_CLOSE}, MaxWords=32, MinWords=14, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;
export const TITLE_HEADLINE = `StartSel=${MARK_OPEN}, StopSel=${MARK_CLOSE}, HighlightAll=true`;

interface Row {
  source: SearchSource;
  ref: string;
  type: SearchResultType;
  url: string;
  at: Date | string | null;
  rank: number;
  title_hl: string;
  body_hl: string;
}

/** The query split for the parsers: each script's text, and prefix words too short to stem. */
export interface ParsedQuery {
  latin: string;
  arabic: string;
  /** Title prefixes of one- and two-letter words ("ar" → ar:*A), for the 'simple' parser. */
  short: string;
  prefix: boolean;
}

const WORD = /[\p{L}\p{N}]+/gu;
const SHORT_WORD = 3;

/**
 * The query as typed: a text in one script goes whole to its parser (websearch syntax: quotes, OR,
 * -word); a mixed Arabic–Latin text is split into its Arabic and its Latin words, each parsed by
 * its own parser, so "أرامكو Aramco" finds what both halves find.
 */
export function plainQuery(query: string): ParsedQuery {
  if (!ARABIC_SCRIPT.test(query)) return { latin: query, arabic: "", short: "", prefix: false };
  const words = query.split(/\s+/).filter(Boolean);
  const arabic = words.filter((w) => ARABIC_SCRIPT.test(w));
  if (arabic.length === words.length) return { latin: "", arabic: query, short: "", prefix: false };
  return {
    latin: words.filter((w) => !ARABIC_SCRIPT.test(w)).join(" "),
    arabic: arabic.join(" "),
    short: "",
    prefix: false,
  };
}

/**
 * Prefix matching ("aram" finds Aramco; "ar" finds Aramco and Arabian Centres): letters and digits
 * only, so always valid syntax. Words under three letters match the start of a title word (symbols
 * and names of instruments, titles of stories and pages) rather than every word of every body.
 */
export function prefixQuery(query: string): ParsedQuery | null {
  const words = query.match(WORD) ?? [];
  if (words.length === 0 || words.length > 4) return null;
  const long = (script: boolean) =>
    words
      .filter((w) => w.length >= SHORT_WORD && ARABIC_SCRIPT.test(w) === script)
      .map((w) => `${w}:*`)
      .join(" & ");
  return {
    latin: long(false),
    arabic: long(true),
    short: words
      .filter((w) => w.length < SHORT_WORD)
      .map((w) => `${w.toLowerCase()}:*A`)
      .join(" & "),
    prefix: true,
  };
}

/** Every word is under three letters: "a", "ar", "al ra". Only prefixes can find anything. */
const onlyShortWords = (query: string) => {
  const words = query.match(WORD) ?? [];
  return words.length > 0 && words.every((w) => w.length < SHORT_WORD);
};

export function createSearch(deps: SearchDeps): SearchService {
  const { database, log } = deps;
  let fixedDocs: { key: string; docs: FixedDoc[] } | null = null;
  let listingIndex: ListingIndex | null = null;

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
      }));
  }

  /**
   * The listings worth ranking for a query, from the in-memory listing index (symbol prefix,
   * English or Arabic name): hundreds of listings stay out of every query's parameters.
   */
  function listingCandidates(query: string): Set<string> {
    return new Set((listingIndex?.search(query, { limit: LISTING_CANDIDATES }) ?? []).map((l) => l.symbol));
  }

  function instrumentDocs(): FixedDoc[] {
    const { market } = deps;
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
    }));
  }

  /** Pages and instruments with their vectors, computed once (again if the catalogue changes). */
  async function fixed(): Promise<FixedDoc[]> {
    const curated = instrumentDocs();
    const listings = await deps.listings();
    const docs: FixedDoc[] = [
      ...STATIC_PAGES.map((p) => ({ source: "page" as const, ref: p.url, ...p })),
      ...curated,
      ...listingDocs(listings, new Set(curated.map((d) => d.ref))),
    ];
    const key = docs.map((d) => d.ref).join("\n");
    if (fixedDocs?.key === key) return fixedDocs.docs;
    listingIndex = createListingIndex(listings);
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
    fixedDocs = { key, docs };
    return docs;
  }

  async function run(
    query: string,
    terms: ParsedQuery,
    limit: number,
    candidates: () => Set<string>,
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
    const rows = await database.query<Row>(SEARCH_SQL, [
      parsed.q,
      CANDIDATES_PER_SOURCE,
      JSON.stringify(
        await fixed()
          .then((docs) => {
            const wanted = candidates();
            return docs.filter((d) => !d.listing || wanted.has(d.ref));
          })
          .then((docs) =>
            docs.map(({ hidden: _hidden, tsvAr, listing: _listing, ...d }) =>
              config === "arabic" ? { ...d, tsv: tsvAr } : d,
            ),
          ),
      ),
      limit,
      BODY_HEADLINE,
      TITLE_HEADLINE,
      RECENT_NEWS_WINDOW,
      config,
    ]);
    return rows.map((r) => ({
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
    }));
  }

  return {
    async search(raw, opts = {}) {
      const query = raw.trim().slice(0, MAX_QUERY_LENGTH);
      // A blank query does nothing.
      if (!query) return { query, results: [] };
      const limit = Math.min(
        Math.max(Math.trunc(opts.limit ?? DEFAULT_LIMIT) || DEFAULT_LIMIT, 1),
        MAX_LIMIT,
      );
      const candidates = () => listingCandidates(query);
      const prefix = prefixQuery(query);
      const short = prefix !== null && onlyShortWords(query);
      // One- and two-letter queries go straight to prefixes; others only when the words find nothing.
      let results = short ? [] : await run(query, plainQuery(query), limit, candidates);
      if (short) {
        // Dozens of listed companies start with any one or two letters: at most a few of them take
        // places on the page, so titles and curated instruments that start with them still show.
        const all = await run(query, prefix, limit + LISTING_CANDIDATES, candidates);
        const listingUrls = new Set(fixedDocs?.docs.filter((d) => d.listing).map((d) => d.url));
        let listed = 0;
        results = all
          .filter((r) => !listingUrls.has(r.url) || ++listed <= SHORT_QUERY_LISTINGS)
          .slice(0, limit);
      } else if (results.length === 0 && prefix) results = await run(query, prefix, limit, candidates);
      log.debug({ query, results: results.length }, "search");
      return { query, results };
    },
  };
}
