import { createHash } from "node:crypto";
import { asc, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { instruments } from "#server/db/schema";
import type { Settings } from "#server/settings/settings";
import type { Listing, ListingExchange } from "./types";

/** Settings key holding the hash of the listings file last written to the table. */
export const LISTINGS_HASH_KEY = "internal:instruments.listingsHash";

function toRow(l: Listing) {
  return {
    symbol: l.symbol,
    name: l.name,
    nameAr: l.nameAr,
    nameArMissing: l.nameArMissing ?? false,
    exchange: l.exchange,
    board: l.board ?? null,
    sector: l.sector,
    currency: l.currency,
    tickers: l.tickers,
    source: l.source ?? "shipped",
  };
}

export function listingsHash(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/**
 * Writes the shipped listings into the table in one multi-row upsert, unless this exact file was
 * written before (its hash is remembered in settings). Returns the rows written.
 */
export async function seedListings(db: Db, settings: Settings, listings: Listing[], fileText: string) {
  const hash = listingsHash(fileText);
  if (settings.get(LISTINGS_HASH_KEY, "") === hash) return 0;
  if (listings.length > 0) {
    await db
      .insert(instruments)
      .values(listings.map(toRow))
      .onConflictDoUpdate({
        target: instruments.symbol,
        set: {
          name: sql`excluded.name`,
          nameAr: sql`excluded.name_ar`,
          nameArMissing: sql`excluded.name_ar_missing`,
          exchange: sql`excluded.exchange`,
          board: sql`excluded.board`,
          sector: sql`excluded.sector`,
          currency: sql`excluded.currency`,
          tickers: sql`excluded.tickers`,
          source: sql`excluded.source`,
          updatedAt: sql`now()`,
        },
      });
  }
  await settings.set(LISTINGS_HASH_KEY, hash);
  return listings.length;
}

/** Adds listings the table does not hold yet; never touches an existing row (its names are sourced). */
export async function insertNewListings(db: Db, listings: Listing[]): Promise<number> {
  if (listings.length === 0) return 0;
  const added = await db
    .insert(instruments)
    .values(listings.map(toRow))
    .onConflictDoNothing({ target: instruments.symbol })
    .returning({ symbol: instruments.symbol });
  return added.length;
}

export async function readListings(db: Db): Promise<Listing[]> {
  const rows = await db
    .select()
    .from(instruments)
    .orderBy(asc(instruments.exchange), asc(instruments.symbol));
  return rows.map((r) => ({
    symbol: r.symbol,
    name: r.name,
    nameAr: r.nameAr,
    ...(r.nameArMissing ? { nameArMissing: true } : {}),
    exchange: r.exchange as ListingExchange,
    ...(r.board ? { board: r.board } : {}),
    sector: r.sector,
    currency: r.currency,
    tickers: r.tickers,
    source: r.source,
  }));
}
