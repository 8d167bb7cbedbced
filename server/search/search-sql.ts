import { MARK_CLOSE, MARK_OPEN } from "./highlight";
import type { SearchResultType, SearchSource } from "./types";

/** The statements a search runs: the query parser, and one statement that ranks and highlights. */

/**
 * Per table, only the newest this-many matches are ranked. ts_rank has to read every candidate's
 * vector, so ranking all 30,000 news items that mention "bank" would cost hundreds of milliseconds;
 * the newest two hundred keep a common word's p95 bounded (bench/search.ts) and suit news.
 */
export const CANDIDATES_PER_SOURCE = 200;
/** News items scanned newest-first before falling back to the index (see SEARCH_SQL). */
export const RECENT_NEWS_WINDOW = 5_000;

// Headline input: tags, Markdown syntax and our mark characters removed; long bodies cut short.
const cleaned = (col: string, max: number) =>
  `translate(regexp_replace(regexp_replace(left(${col}, ${max}), '<[^>]*>', ' ', 'g'), '[#*_\`>|~]+|\\]\\([^)]*\\)|!?\\[', ' ', 'g'), chr(57344) || chr(57345), '')`;

// search_tsvector() (migration 0005): the 'english' vector, plus the 'arabic' one for Arabic text.
export const VECTOR = `setweight(search_tsvector(d.title), 'A') || setweight(search_tsvector(d.body), 'B')`;

// The query arrives as a tsquery constant ($1, parsed by TO_TSQUERY below): the planner then
// knows the words' frequencies and scans a common word ("bank") newest-first instead of sorting
// every match. (Joined from a CTE it would plan blind; written as websearch_to_tsquery($1) in
// each place it would be parsed 16 times while planning.)
const Q = "$1::tsquery";
// Each script's words go to its own parser (a mixed Arabic–Latin query uses both, ANDed): $1
// Latin words for 'english', $2 Arabic words for 'arabic', $3 whether they are prefix queries
// (to_tsquery syntax), $4 short-word title prefixes for 'simple' (no stop words: "a:*A" stays).
// An empty part is the empty tsquery, which && ignores.
export const TO_TSQUERY = `select (
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
  (select 'disclosure', x.id::text, 'data', x.title, concat_ws(' · ', x.symbol, x.description),
          '/markets/' || replace(lower(x.symbol), '/', '-') || '#disclosures', x.published_at,
          ts_rank(search_tsvector(x.title || ' ' || x.symbol || ' ' || x.description), ${Q}, 1)
     -- Company announcements: the newest window only (no stored vector), newest matches first.
     from (select * from disclosures order by published_at desc limit $7::int) x
    where search_tsvector(x.title || ' ' || x.symbol || ' ' || x.description) @@ ${Q}
    order by x.published_at desc limit $2::int)
  union all
  (select d.source, d.ref, d.type, d.title, d.body, d.url, null::timestamptz,
          ts_rank(d.tsv::tsvector, ${Q}, 1) * coalesce(d.boost, 1)
     from jsonb_to_recordset($3::jsonb) as d(source text, ref text, type text, title text, body text, url text, tsv text, boost float8)
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

/** One ranked, highlighted result as SEARCH_SQL returns it. */
export interface SearchRow {
  source: SearchSource;
  ref: string;
  type: SearchResultType;
  url: string;
  at: Date | string | null;
  rank: number;
  title_hl: string;
  body_hl: string;
}
