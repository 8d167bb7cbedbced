import { readFileSync } from "node:fs";
import { z } from "zod";
import type { Database } from "#server/db/client";
import type { Settings } from "#server/settings/settings";
import { createListingIndex } from "./search-index";
import { readListings, seedListings } from "./store";
import { EXCHANGES, type InstrumentDirectory, type Listing } from "./types";

export type * from "./types";
export { EXCHANGE_CURRENCY, EXCHANGE_MIC, EXCHANGES, SYMBOL_SUFFIX, YAHOO_SUFFIX } from "./types";

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

/** The instrument directory, plus what keeps it in step with the `instruments` table. */
export interface SyncedDirectory extends InstrumentDirectory {
  /** Seeds the table from the shipped file if it changed, then answers from the table. */
  sync(settings: Settings): Promise<{ seeded: number; listings: number }>;
  /** Re-reads the table (after a refresh, here or on another process). */
  reload(): Promise<number>;
  /** Calls `fn` with every listing each time a reload has read them from the table. */
  onReload(fn: (listings: Listing[]) => void): void;
}

/**
 * The instrument directory. Until the `instruments` table is read (`sync`/`reload`), it answers
 * from the shipped listings. The universe is ~1,000 rows: it is held in memory with normalized
 * search keys, so lookups and searches never wait on the database (a search over ten thousand
 * rows takes a few milliseconds; see universe.test.ts).
 */
export function createInstrumentDirectory(database?: Database): SyncedDirectory {
  let index = createListingIndex(loadShippedListings());
  const reloaded: Array<(listings: Listing[]) => void> = [];
  async function reload() {
    if (!database) return index.all().length;
    const rows = await readListings(database.db);
    if (rows.length > 0) {
      index = createListingIndex(rows);
      for (const fn of reloaded) fn(index.all());
    }
    return rows.length;
  }
  return {
    all: async () => index.all(),
    get: async (symbol) => index.get(symbol),
    search: async (q, options) => index.search(q, options),
    reload,
    onReload: (fn) => void reloaded.push(fn),
    async sync(settings) {
      if (!database) return { seeded: 0, listings: index.all().length };
      const seeded = await seedListings(database.db, settings, loadShippedListings(), shippedListingsText());
      return { seeded, listings: await reload() };
    },
  };
}
