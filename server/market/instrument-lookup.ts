import { type CatalogueEntry, createFinder, listingEntries } from "./catalogue";
import type { Listing } from "./universe";

export type InstrumentLookup = ReturnType<typeof createInstrumentLookup>;

/**
 * The market's instruments by symbol, and by what a reader types (name, alias). A company the
 * refresh job adds has its page and takes alerts at once; the feed quotes it (simulated or real)
 * from the next start, which builds it from the same directory.
 */
export function createInstrumentLookup(
  entries: CatalogueEntry[],
  onListingsChanged?: (fn: (listings: Listing[]) => void) => void,
) {
  let bySymbol = new Map(entries.map((e) => [e.symbol, e]));
  let find = createFinder(entries);
  onListingsChanged?.((listings) => {
    const all = [...entries, ...listingEntries(listings, entries)];
    bySymbol = new Map(all.map((e) => [e.symbol, e]));
    find = createFinder(all);
  });
  return {
    /** By its exact symbol. */
    get: (symbol: string) => bySymbol.get(symbol),
    /** By its exact symbol, else by what a reader types. */
    find: (query: string) => bySymbol.get(query) ?? find(query),
    /** By what a reader types only. */
    search: (query: string) => find(query),
  };
}
