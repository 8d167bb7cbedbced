import type { Db } from "../db/client";
import { shariahRulings } from "../db/schema";
import shipped from "./seed-rulings.json";

/**
 * The shipped rulings (server/shariah/SOURCES.md): only rows two independent public lists agree on.
 * An editor's row for the same company and authority is never overwritten.
 */
export async function seedRulings(db: Db, isListed: (symbol: string) => boolean): Promise<number> {
  const rows = shipped.symbols.filter(isListed).map((symbol) => ({
    symbol,
    authorityId: shipped.authority,
    ruling: shipped.ruling as "compliant",
    listDate: shipped.listDate,
    listUrl: shipped.listUrl,
    purificationPerShare: null,
    source: shipped.source,
  }));
  let added = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const done = await db
      .insert(shariahRulings)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing()
      .returning({ id: shariahRulings.id });
    added += done.length;
  }
  return added;
}
