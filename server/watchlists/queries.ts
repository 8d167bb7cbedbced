import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { watchlistItems, watchlists } from "../db/schema";

// Small named queries (CONVENTIONS 8). Each one has the owner's id in its WHERE clause (items
// through their list's owner), so a list of another user is simply not found.

/** A transaction handle or the database: the service runs every write inside one transaction. */
type Tx = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;

/**
 * Serialises one user's writes inside the transaction (a transaction-scoped advisory lock), so two
 * requests at once cannot both pass a limit or a name check, or interleave a reorder.
 */
export async function lockUserWatchlists(tx: Tx, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`watchlists:${userId}`}, 0))`);
}

const ownedListIds = (tx: Tx, userId: string, watchlistId?: string) =>
  tx
    .select({ id: watchlists.id })
    .from(watchlists)
    .where(
      watchlistId
        ? and(eq(watchlists.userId, userId), eq(watchlists.id, watchlistId))
        : eq(watchlists.userId, userId),
    );

export function listsOf(tx: Tx, userId: string) {
  return tx
    .select({
      id: watchlists.id,
      name: watchlists.name,
      position: watchlists.position,
      createdAt: watchlists.createdAt,
    })
    .from(watchlists)
    .where(eq(watchlists.userId, userId))
    .orderBy(asc(watchlists.position), asc(watchlists.createdAt));
}

export async function findList(tx: Tx, userId: string, watchlistId: string) {
  const [row] = await tx
    .select({
      id: watchlists.id,
      name: watchlists.name,
      position: watchlists.position,
      createdAt: watchlists.createdAt,
    })
    .from(watchlists)
    .where(and(eq(watchlists.id, watchlistId), eq(watchlists.userId, userId)));
  return row ?? null;
}

/** The members of the user's lists (all of them, or one), in each list's order. */
export function itemsOf(tx: Tx, userId: string, watchlistId?: string) {
  return tx
    .select({
      watchlistId: watchlistItems.watchlistId,
      symbol: watchlistItems.symbol,
      position: watchlistItems.position,
      addedAt: watchlistItems.addedAt,
    })
    .from(watchlistItems)
    .where(inArray(watchlistItems.watchlistId, ownedListIds(tx, userId, watchlistId)))
    .orderBy(asc(watchlistItems.position), asc(watchlistItems.addedAt));
}

export async function countLists(tx: Tx, userId: string) {
  const [row] = await tx.select({ n: count() }).from(watchlists).where(eq(watchlists.userId, userId));
  return Number(row?.n ?? 0);
}

/** Names are unique per user whatever their letter case ("Banks" and "banks" are one name). */
export async function nameTaken(tx: Tx, userId: string, name: string, exceptId?: string) {
  const [row] = await tx
    .select({ id: watchlists.id })
    .from(watchlists)
    .where(
      and(
        eq(watchlists.userId, userId),
        sql`lower(${watchlists.name}) = lower(${name})`,
        exceptId ? ne(watchlists.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertList(tx: Tx, userId: string, name: string) {
  const [next] = await tx
    .select({ p: sql<number>`coalesce(max(${watchlists.position}) + 1, 0)` })
    .from(watchlists)
    .where(eq(watchlists.userId, userId));
  const [row] = await tx
    .insert(watchlists)
    .values({ userId, name, position: Number(next?.p ?? 0) })
    .returning({
      id: watchlists.id,
      name: watchlists.name,
      position: watchlists.position,
      createdAt: watchlists.createdAt,
    });
  return row!;
}

export async function renameList(tx: Tx, userId: string, watchlistId: string, name: string) {
  const rows = await tx
    .update(watchlists)
    .set({ name })
    .where(and(eq(watchlists.id, watchlistId), eq(watchlists.userId, userId)))
    .returning({ id: watchlists.id });
  return rows.length > 0;
}

export async function deleteList(tx: Tx, userId: string, watchlistId: string) {
  const rows = await tx
    .delete(watchlists)
    .where(and(eq(watchlists.id, watchlistId), eq(watchlists.userId, userId)))
    .returning({ id: watchlists.id });
  return rows.length > 0;
}

export async function setListPosition(tx: Tx, userId: string, watchlistId: string, position: number) {
  await tx
    .update(watchlists)
    .set({ position })
    .where(and(eq(watchlists.id, watchlistId), eq(watchlists.userId, userId)));
}

export async function insertItem(tx: Tx, userId: string, watchlistId: string, symbol: string) {
  const owned = ownedListIds(tx, userId, watchlistId);
  const [next] = await tx
    .select({ p: sql<number>`coalesce(max(${watchlistItems.position}) + 1, 0)` })
    .from(watchlistItems)
    .where(inArray(watchlistItems.watchlistId, owned));
  await tx.insert(watchlistItems).values({ watchlistId, symbol, position: Number(next?.p ?? 0) });
}

export async function deleteItem(tx: Tx, userId: string, watchlistId: string, symbol: string) {
  const rows = await tx
    .delete(watchlistItems)
    .where(
      and(
        inArray(watchlistItems.watchlistId, ownedListIds(tx, userId, watchlistId)),
        eq(watchlistItems.symbol, symbol),
      ),
    )
    .returning({ symbol: watchlistItems.symbol });
  return rows.length > 0;
}

export async function setItemPosition(
  tx: Tx,
  userId: string,
  watchlistId: string,
  symbol: string,
  position: number,
) {
  await tx
    .update(watchlistItems)
    .set({ position })
    .where(
      and(
        inArray(watchlistItems.watchlistId, ownedListIds(tx, userId, watchlistId)),
        eq(watchlistItems.symbol, symbol),
      ),
    );
}
