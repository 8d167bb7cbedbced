import { readFileSync } from "node:fs";
import { z } from "zod";
import type { Database } from "#server/db/client";
import { createListingIndex } from "./search-index";
import { EXCHANGES, type InstrumentDirectory, type Listing } from "./types";

export type * from "./types";
export { EXCHANGE_CURRENCY, EXCHANGES, SYMBOL_SUFFIX } from "./types";

const listingSchema = z.object({
  symbol: z.string().regex(/^[A-Z0-9][A-Z0-9.&-]{0,19}$/, "symbol: capital letters, digits, . & -"),
  name: z.string().trim().min(1),
  nameAr: z.string().trim().min(1),
  nameArMissing: z.boolean().optional(),
  exchange: z.enum(EXCHANGES),
  board: z.string().min(1).optional(),
  sector: z.string().trim().min(1),
  currency: z.string().regex(/^[A-Z]{3}$/),
  tickers: z.object({
    yahoo: z.string().min(1).optional(),
    twelveData: z.string().min(1).optional(),
    sahmk: z.string().min(1).optional(),
  }),
  source: z.string().min(1).optional(),
});

export const listingsFileSchema = z.object({
  generated: z.string(),
  sources: z.record(z.string(), z.string()),
  listings: z.array(listingSchema),
});

export type ListingsFile = z.infer<typeof listingsFileSchema>;

export const LISTINGS_FILE = new URL("./listings.json", import.meta.url);

/** Parses and checks a listings file: valid rows, unique symbols, every source key declared. */
export function parseListingsFile(text: string): ListingsFile {
  const file = listingsFileSchema.parse(JSON.parse(text));
  const seen = new Set<string>();
  for (const l of file.listings) {
    if (seen.has(l.symbol)) throw new Error(`listings: duplicate symbol ${l.symbol}`);
    seen.add(l.symbol);
    if (l.source && !(l.source in file.sources)) {
      throw new Error(`listings: ${l.symbol} cites undeclared source "${l.source}"`);
    }
  }
  return file;
}

let shipped: { text: string; file: ListingsFile } | undefined;

function readShipped() {
  if (!shipped) {
    const text = readFileSync(LISTINGS_FILE, "utf8");
    shipped = { text, file: parseListingsFile(text) };
  }
  return shipped;
}

/** The listings shipped with the code (Zod-validated once per process). */
export function loadShippedListings(): Listing[] {
  return readShipped().file.listings;
}

/** The raw shipped file's text (its hash decides whether the seed runs). */
export function shippedListingsText(): string {
  return readShipped().text;
}

/**
 * The instrument directory. Until the `instruments` table is read (see `refresh`), it answers
 * from the shipped listings. The universe is ~1,000 rows: it is held in memory with normalized
 * search keys, so lookups and searches never wait on the database.
 */
export function createInstrumentDirectory(_database?: Database): InstrumentDirectory {
  const index = createListingIndex(loadShippedListings());
  return {
    all: async () => index.all(),
    get: async (symbol) => index.get(symbol),
    search: async (q, options) => index.search(q, options),
  };
}
