import type { CatalogueEntry } from "../catalogue";
import { pegOf } from "./frankfurter";
import { METAL_CODES } from "./gold-api";
import type { QuoteSource } from "./source";

export type SourceGroup = "saudiStocks" | "gulfStocks" | "fx" | "crypto" | "metals" | "energy" | "usIndices";

/** The ordered sources of an instrument (by source name), and the group the log line names. */
export function routeOf(e: CatalogueEntry): { group: SourceGroup; sources: string[] } {
  if (e.exchange === "TADAWUL") return { group: "saudiStocks", sources: ["sahmk", "twelvedata", "yahoo"] };
  if (e.exchange === "FX") return { group: "fx", sources: ["frankfurter", "twelvedata", "yahoo"] };
  if (e.exchange === "CRYPTO") return { group: "crypto", sources: ["coingecko", "twelvedata", "yahoo"] };
  if (e.symbol in METAL_CODES) return { group: "metals", sources: ["gold-api", "twelvedata", "yahoo"] };
  if (e.exchange === "COMMODITIES") return { group: "energy", sources: ["yahoo", "twelvedata"] };
  if (e.exchange === "NYSE") return { group: "usIndices", sources: ["yahoo", "twelvedata"] };
  return { group: "gulfStocks", sources: ["twelvedata", "yahoo"] };
}

/** The groups' names in the start-up log line (the admin page translates the keys). */
const GROUP_NAMES: Record<SourceGroup, string> = {
  saudiStocks: "Saudi stocks",
  gulfStocks: "other Gulf stocks and indices",
  fx: "FX",
  crypto: "crypto",
  metals: "metals",
  energy: "energy",
  usIndices: "US indices",
};

/** Each instrument's enabled source names, in the order they are asked. */
export type Routes = Map<string, string[]>;

/**
 * Each instrument's enabled sources that have a ticker for it, in order; a pegged pair has none
 * (it is served from its peg).
 */
export function routesOf(entries: CatalogueEntry[], sources: QuoteSource[]): Routes {
  const byName = new Map(sources.map((s) => [s.name, s]));
  return new Map(
    entries.map((e) => [
      e.symbol,
      pegOf(e.symbol) === undefined ? routeOf(e).sources.filter((n) => byName.get(n)?.supports(e)) : [],
    ]),
  );
}

/** Per group, the sources in the order they are asked (the route's order), then the fallbacks. */
export function describeRoutes(entries: CatalogueEntry[], routes: Routes) {
  const groups = new Map<SourceGroup, { order: string[]; used: Set<string>; pegs: boolean }>();
  for (const e of entries) {
    const { group, sources } = routeOf(e);
    const g = groups.get(group) ?? { order: sources, used: new Set<string>(), pegs: false };
    groups.set(group, g);
    for (const n of routes.get(e.symbol) ?? []) g.used.add(n);
    if (pegOf(e.symbol) !== undefined) g.pegs = true;
  }
  const parts = [...groups].map(([name, g]) => {
    const chain = [...(g.pegs ? ["peg"] : []), ...g.order.filter((n) => g.used.has(n)), "simulator"];
    return `${GROUP_NAMES[name]}: ${chain.join(" → ")}`;
  });
  return parts.join("; ");
}

/** The groups each source is the first choice of (the admin's source health). */
export function groupsBySource(entries: CatalogueEntry[], routes: Routes) {
  const groupsOf = new Map<string, Set<string>>();
  for (const e of entries) {
    const first = routes.get(e.symbol)?.[0];
    if (!first) continue;
    const set = groupsOf.get(first) ?? new Set<string>();
    groupsOf.set(first, set);
    set.add(routeOf(e).group);
  }
  return groupsOf;
}
