/**
 * The screener's query and answer (`GET /api/screener`, `/screener`, `/screener.csv`): shared by
 * the server and the page, so it imports nothing from server/. A bad parameter is refused with a
 * message that names it, never ignored.
 */
import { LISTING_EXCHANGES } from "./instruments";
import type { Freshness } from "./market-wire";

/** The figures a screen can bound with `<field>Min` / `<field>Max`. */
export const SCREENER_FIELDS = [
  "price",
  "changePercent",
  "volume",
  "valueTraded",
  "marketCap",
  "high52w",
  "low52w",
] as const;
export type ScreenerField = (typeof SCREENER_FIELDS)[number];
export const SCREENER_SORTS = ["symbol", "name", "exchange", "sector", ...SCREENER_FIELDS] as const;
export type ScreenerSort = (typeof SCREENER_SORTS)[number];
export const MAX_SCREENER_LIMIT = 200;
/** A company's Shariah summary over the boards' rulings (docs/product/markets.md, "Screener"). */
export const SCREENER_SHARIAH = ["compliant", "noncompliant", "mixed", "unrated"] as const;
export type ScreenerShariah = (typeof SCREENER_SHARIAH)[number];
type ListingExchange = (typeof LISTING_EXCHANGES)[number];

export interface ScreenerRow {
  symbol: string;
  name: string;
  nameAr: string;
  exchange: string;
  sector: string;
  price: number;
  changePercent: number | null;
  volume: number | null;
  valueTraded: number | null;
  marketCap: number | null;
  high52w: number | null;
  low52w: number | null;
  freshness: Freshness;
  shariah: ScreenerShariah;
  /** Trailing-twelve-month cash dividends over the price, in percent (two decimals); null without one. */
  dividendYield: number | null;
}

export interface ScreenerQuery {
  exchange?: ListingExchange;
  sector?: string;
  sort: ScreenerSort;
  order: "asc" | "desc";
  limit: number;
  offset: number;
  ranges: Partial<Record<ScreenerField, { min?: number; max?: number }>>;
  shariah?: ScreenerShariah;
  /** Bounds on the dividend yield, in percent (`yieldMin` / `yieldMax`). */
  yield?: { min?: number; max?: number };
}

export interface ScreenerAnswer {
  rows: ScreenerRow[];
  total: number;
}

type Parsed = { ok: true; query: ScreenerQuery } | { ok: false; error: string; field: string };

const RANGE_PARAMS = new Map<string, { field: ScreenerField; bound: "min" | "max" }>(
  SCREENER_FIELDS.flatMap((f) => [
    [`${f}Min`, { field: f, bound: "min" }],
    [`${f}Max`, { field: f, bound: "max" }],
  ]),
);
const KNOWN = new Set([
  "exchange",
  "sector",
  "shariah",
  "yieldMin",
  "yieldMax",
  "sort",
  "order",
  "limit",
  "offset",
  ...RANGE_PARAMS.keys(),
]);

const fail = (field: string, message: string): Parsed => ({
  ok: false,
  error: `${field}: ${message}`,
  field,
});

function wholeNumber(value: string, min: number, max: number): number | null {
  if (!/^\d{1,6}$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

function readEnums(get: (k: string) => string | undefined, q: ScreenerQuery): Parsed | null {
  const exchange = get("exchange");
  if (exchange) {
    if (!(LISTING_EXCHANGES as readonly string[]).includes(exchange))
      return fail("exchange", `one of ${LISTING_EXCHANGES.join(", ")}`);
    q.exchange = exchange as ListingExchange;
  }
  const sector = get("sector");
  if (sector) q.sector = sector.slice(0, 200);
  const shariah = get("shariah");
  if (shariah) {
    if (!(SCREENER_SHARIAH as readonly string[]).includes(shariah))
      return fail("shariah", `one of ${SCREENER_SHARIAH.join(", ")}`);
    q.shariah = shariah as ScreenerShariah;
  }
  const sort = get("sort");
  if (sort) {
    if (!(SCREENER_SORTS as readonly string[]).includes(sort))
      return fail("sort", `one of ${SCREENER_SORTS.join(", ")}`);
    q.sort = sort as ScreenerSort;
  }
  const order = get("order");
  if (order) {
    if (order !== "asc" && order !== "desc") return fail("order", "asc or desc");
    q.order = order;
  }
  return null;
}

function readPaging(get: (k: string) => string | undefined, q: ScreenerQuery): Parsed | null {
  const limit = get("limit");
  if (limit) {
    const n = wholeNumber(limit, 1, MAX_SCREENER_LIMIT);
    if (n === null) return fail("limit", `a whole number from 1 to ${MAX_SCREENER_LIMIT}`);
    q.limit = n;
  }
  const offset = get("offset");
  if (offset) {
    const n = wholeNumber(offset, 0, 100_000);
    if (n === null) return fail("offset", "a whole number from 0");
    q.offset = n;
  }
  return null;
}

const number = (value: string) => (/^-?\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN);

function readBounds(get: (k: string) => string | undefined, q: ScreenerQuery): Parsed | null {
  for (const [key, { field, bound }] of RANGE_PARAMS) {
    const value = get(key);
    if (value === undefined) continue;
    const n = number(value);
    if (!Number.isFinite(n)) return fail(key, "a number");
    q.ranges[field] = { ...q.ranges[field], [bound]: n };
  }
  for (const [field, r] of Object.entries(q.ranges)) {
    if (r.min !== undefined && r.max !== undefined && r.min > r.max)
      return fail(`${field}Min`, `at most ${field}Max`);
  }
  for (const bound of ["min", "max"] as const) {
    const key = bound === "min" ? "yieldMin" : "yieldMax";
    const value = get(key);
    if (value === undefined) continue;
    const n = number(value);
    if (!Number.isFinite(n) || n < 0 || n > 100) return fail(key, "a percentage from 0 to 100");
    q.yield = { ...q.yield, [bound]: n };
  }
  const y = q.yield;
  if (y?.min !== undefined && y.max !== undefined && y.min > y.max)
    return fail("yieldMin", "at most yieldMax");
  return null;
}

/** Reads a screen from URL parameters: every parameter known, given once, and well formed. */
export function parseScreenerQuery(params: URLSearchParams): Parsed {
  for (const key of new Set(params.keys())) {
    if (!KNOWN.has(key)) return fail(key.slice(0, 50), "unknown field");
    if (params.getAll(key).length > 1) return fail(key, "give it once");
  }
  const get = (k: string) => params.get(k)?.trim() || undefined;
  const q: ScreenerQuery = { sort: "valueTraded", order: "desc", limit: 50, offset: 0, ranges: {} };
  const bad = readEnums(get, q) ?? readPaging(get, q);
  if (bad) return bad;
  return readBounds(get, q) ?? { ok: true, query: q };
}

/** The parameters of a screen, for links and the CSV export (defaults left out). */
export function screenerParams(q: ScreenerQuery): URLSearchParams {
  const p = new URLSearchParams();
  if (q.exchange) p.set("exchange", q.exchange);
  if (q.sector) p.set("sector", q.sector);
  if (q.shariah) p.set("shariah", q.shariah);
  if (q.yield?.min !== undefined) p.set("yieldMin", String(q.yield.min));
  if (q.yield?.max !== undefined) p.set("yieldMax", String(q.yield.max));
  for (const f of SCREENER_FIELDS) {
    const r = q.ranges[f];
    if (r?.min !== undefined) p.set(`${f}Min`, String(r.min));
    if (r?.max !== undefined) p.set(`${f}Max`, String(r.max));
  }
  if (q.sort !== "valueTraded") p.set("sort", q.sort);
  if (q.order !== "desc") p.set("order", q.order);
  if (q.limit !== 50) p.set("limit", String(q.limit));
  if (q.offset) p.set("offset", String(q.offset));
  return p;
}

/**
 * A CSV cell: quoted when it holds a comma, quote or line break; a text starting with = + - @ (or
 * a tab or carriage return) gets a leading apostrophe, so a spreadsheet never runs it as a formula.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
