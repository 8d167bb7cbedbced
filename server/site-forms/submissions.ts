import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { AppError } from "#common/errors";
import type { Db } from "#server/db/client";
import { formSubmissions } from "#server/db/schema";
import type { InboxFilter } from "./types";

/** Contact, partnership and access submissions, newest first; "open" hides handled ones. */
export async function listSubmissions(
  db: Db,
  { filter, page, pageSize }: { filter: InboxFilter; page: number; pageSize: number },
) {
  const where: SQL | undefined = filter === "open" ? eq(formSubmissions.handled, false) : undefined;
  const rows = await db
    .select({
      id: formSubmissions.id,
      kind: formSubmissions.kind,
      email: formSubmissions.email,
      payload: formSubmissions.payload,
      handled: formSubmissions.handled,
      createdAt: formSubmissions.createdAt,
    })
    .from(formSubmissions)
    .where(where)
    .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [{ total }] = await db.select({ total: count() }).from(formSubmissions).where(where);
  const [{ open }] = await db
    .select({ open: count() })
    .from(formSubmissions)
    .where(and(eq(formSubmissions.handled, false)));
  return { rows, total, open };
}

export async function setHandled(db: Db, { id, handled }: { id: string; handled: boolean }) {
  const rows = await db
    .update(formSubmissions)
    .set({ handled })
    .where(eq(formSubmissions.id, id))
    .returning({ id: formSubmissions.id, kind: formSubmissions.kind, email: formSubmissions.email });
  if (!rows[0]) throw new AppError("not_found:submission", "That submission no longer exists.");
  return rows[0];
}
