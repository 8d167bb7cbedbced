import { and, asc, desc, eq, gte, inArray, or, sql } from "drizzle-orm";
import type { CorporateActionView } from "#common/dividends";
import type { Db } from "../db/client";
import { corporateActions } from "../db/schema";
import type { ActionInput, ActionSource } from "./types";

/**
 * Which source wins when two give the same action (same symbol, kind and ex-date): the editor's
 * row over Twelve Data's over Yahoo's. A source's answer replaces a stored row only when it ranks at
 * least as high, so an editor's correction is never overwritten by a later fetch.
 */
export const SOURCE_RANK: Record<ActionSource, number> = { yahoo: 1, twelvedata: 2, editor: 3 };

const rankSql = (column: string) =>
  sql.raw(`(case ${column} when 'editor' then 3 when 'twelvedata' then 2 when 'yahoo' then 1 else 0 end)`);

type Row = typeof corporateActions.$inferSelect;

export function viewOf(r: Row, today: string): CorporateActionView {
  return {
    id: r.id,
    symbol: r.symbol,
    kind: r.kind as CorporateActionView["kind"],
    exDate: r.exDate,
    recordDate: r.recordDate,
    paymentDate: r.paymentDate,
    amount: r.amount,
    currency: r.currency,
    ratio: r.ratio,
    source: r.source,
    sourceUrl: r.sourceUrl,
    byEditor: r.byEditor,
    upcoming: r.exDate >= today || (r.paymentDate !== null && r.paymentDate >= today),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Stores actions from one source: one row per (symbol, kind, ex-date), the higher-ranked source kept. */
export async function storeActions(db: Db, source: ActionSource, actions: ActionInput[]): Promise<number> {
  if (actions.length === 0) return 0;
  const rows = actions.map((a) => ({
    symbol: a.symbol,
    kind: a.kind,
    exDate: a.exDate,
    recordDate: a.recordDate ?? null,
    paymentDate: a.paymentDate ?? null,
    amount: a.amount ?? null,
    currency: a.currency ?? null,
    ratio: a.ratio ?? null,
    source,
    sourceUrl: a.sourceUrl ?? null,
    byEditor: source === "editor",
  }));
  const excluded = (c: string) => sql.raw(`excluded.${c}`);
  const written = await db
    .insert(corporateActions)
    .values(rows)
    .onConflictDoUpdate({
      target: [corporateActions.symbol, corporateActions.kind, corporateActions.exDate],
      set: {
        recordDate: excluded("record_date"),
        paymentDate: excluded("payment_date"),
        amount: excluded("amount"),
        currency: excluded("currency"),
        ratio: excluded("ratio"),
        source: excluded("source"),
        sourceUrl: excluded("source_url"),
        byEditor: excluded("by_editor"),
        updatedAt: sql`now()`,
      },
      setWhere: sql`${rankSql("excluded.source")} >= ${rankSql('"corporate_actions"."source"')}`,
    })
    .returning({ id: corporateActions.id });
  return written.length;
}

export async function readHistory(db: Db, symbol: string): Promise<Row[]> {
  return db
    .select()
    .from(corporateActions)
    .where(eq(corporateActions.symbol, symbol))
    .orderBy(desc(corporateActions.exDate), asc(corporateActions.kind))
    .limit(200);
}

/** Actions whose ex-date or payment date is on or after `today`, soonest ex-date first. */
export async function readUpcoming(db: Db, today: string, symbols?: string[]): Promise<Row[]> {
  const coming = or(gte(corporateActions.exDate, today), gte(corporateActions.paymentDate, today));
  return db
    .select()
    .from(corporateActions)
    .where(symbols ? and(coming, inArray(corporateActions.symbol, symbols)) : coming)
    .orderBy(asc(corporateActions.exDate), asc(corporateActions.symbol))
    .limit(500);
}

export async function readById(db: Db, id: string): Promise<Row | undefined> {
  const [row] = await db.select().from(corporateActions).where(eq(corporateActions.id, id));
  return row;
}
