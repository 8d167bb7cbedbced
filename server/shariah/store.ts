import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { ShariahAuthority, ShariahRuling } from "#common/shariah";
import { recordAudit } from "../admin/audit";
import type { Db } from "../db/client";
import { shariahAuthorities, shariahRulings } from "../db/schema";
import { AUTHORITIES } from "./authorities";
import type { CheckedRow } from "./validate";

const rulingColumns = {
  symbol: shariahRulings.symbol,
  ruling: shariahRulings.ruling,
  listDate: shariahRulings.listDate,
  listUrl: shariahRulings.listUrl,
  purificationPerShare: shariahRulings.purificationPerShare,
  source: shariahRulings.source,
  authorityId: shariahAuthorities.id,
  nameEn: shariahAuthorities.nameEn,
  nameAr: shariahAuthorities.nameAr,
  url: shariahAuthorities.url,
};
interface RulingRow {
  symbol: string;
  ruling: ShariahRuling["ruling"];
  listDate: string;
  listUrl: string;
  purificationPerShare: string | null;
  source: string;
  authorityId: string;
  nameEn: string;
  nameAr: string;
  url: string | null;
}

const toRuling = (r: RulingRow): ShariahRuling => ({
  symbol: r.symbol,
  authority: { id: r.authorityId, nameEn: r.nameEn, nameAr: r.nameAr, url: r.url },
  ruling: r.ruling,
  listDate: r.listDate,
  listUrl: r.listUrl,
  purificationPerShare: r.purificationPerShare,
  source: r.source,
});

/** The shipped authorities, kept current (names and links) without touching the rulings. */
export async function upsertAuthorities(db: Db) {
  await db
    .insert(shariahAuthorities)
    .values(AUTHORITIES)
    .onConflictDoUpdate({
      target: shariahAuthorities.id,
      set: {
        nameEn: sql`excluded.name_en`,
        nameAr: sql`excluded.name_ar`,
        url: sql`excluded.url`,
        position: sql`excluded.position`,
      },
    });
}

export async function readAuthorities(db: Db): Promise<ShariahAuthority[]> {
  return db
    .select({
      id: shariahAuthorities.id,
      nameEn: shariahAuthorities.nameEn,
      nameAr: shariahAuthorities.nameAr,
      url: shariahAuthorities.url,
    })
    .from(shariahAuthorities)
    .orderBy(asc(shariahAuthorities.position), asc(shariahAuthorities.id));
}

export async function readRulings(
  db: Db,
  where: { symbol?: string },
  page?: { limit: number; offset: number },
) {
  const filter = where.symbol ? eq(shariahRulings.symbol, where.symbol) : undefined;
  const query = db
    .select(rulingColumns)
    .from(shariahRulings)
    .innerJoin(shariahAuthorities, eq(shariahAuthorities.id, shariahRulings.authorityId))
    .where(filter)
    .$dynamic();
  const rows = page
    ? await query
        .orderBy(desc(shariahRulings.updatedAt), asc(shariahRulings.symbol), asc(shariahRulings.id))
        .limit(page.limit)
        .offset(page.offset)
    : await query.orderBy(asc(shariahAuthorities.position), asc(shariahAuthorities.id));
  const [{ total }] = await db.select({ total: count() }).from(shariahRulings).where(filter);
  return { rows: rows.map(toRuling), total: total ?? 0 };
}

/** How many of these (symbol, authority) pairs already have a ruling (an import's "updated"). */
export async function countExisting(db: Db, rows: CheckedRow[]) {
  let found = 0;
  const bySymbol = Map.groupBy(rows, (r) => r.symbol);
  const symbols = [...bySymbol.keys()];
  for (let i = 0; i < symbols.length; i += 500) {
    const slice = symbols.slice(i, i + 500);
    const stored = await db
      .select({ symbol: shariahRulings.symbol, authorityId: shariahRulings.authorityId })
      .from(shariahRulings)
      .where(inArray(shariahRulings.symbol, slice));
    const keys = new Set(stored.map((s) => `${s.symbol}|${s.authorityId}`));
    found += slice
      .flatMap((s) => bySymbol.get(s)!)
      .filter((r) => keys.has(`${r.symbol}|${r.authorityId}`)).length;
  }
  return found;
}

/** Writes rows (a newer list replaces the company's ruling by that authority). */
export async function writeRulings(db: Db, rows: CheckedRow[], updatedBy: string | null) {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insert(shariahRulings)
      .values(rows.slice(i, i + 500).map((r) => ({ ...r, updatedBy })))
      .onConflictDoUpdate({
        target: [shariahRulings.symbol, shariahRulings.authorityId],
        set: {
          ruling: sql`excluded.ruling`,
          listDate: sql`excluded.list_date`,
          listUrl: sql`excluded.list_url`,
          purificationPerShare: sql`excluded.purification_per_share`,
          source: sql`excluded.source`,
          updatedBy: sql`excluded.updated_by`,
          updatedAt: sql`now()`,
        },
      });
  }
}

export async function deleteRuling(db: Db, symbol: string, authorityId: string) {
  const gone = await db
    .delete(shariahRulings)
    .where(and(eq(shariahRulings.symbol, symbol), eq(shariahRulings.authorityId, authorityId)))
    .returning({ id: shariahRulings.id });
  return gone.length > 0;
}

/** Writes the rows and the editor's audit entry in one transaction: both are stored or neither. */
export async function writeRulingsAudited(
  db: Db,
  rows: CheckedRow[],
  actorId: string,
  audit: { action: string; target?: string; details: Record<string, unknown> },
) {
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await writeRulings(tx, rows, actorId);
    await recordAudit(tx, { actorId, ...audit });
  });
}
