import { eq, like, or } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { slugify } from "#common/admin/forms";
import { AppError } from "#common/errors";
import type { Db } from "../db/client";

/** What every content table shares: list limits, free slugs, and the errors for missing or taken rows. */

const MAX_LIMIT = 200;

export const clampLimit = (n: number | undefined, fallback: number) =>
  Math.min(Math.max(n ?? fallback, 1), MAX_LIMIT);

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The unique column a Postgres 23505 error names, through drizzle's wrapping. */
function uniqueViolation(err: unknown): string | null {
  for (let e: any = err; e; e = e.cause) {
    if (e.code === "23505") return /Key \(([^)]+)\)/.exec(String(e.detail ?? ""))?.[1] ?? "unknown";
  }
  return null;
}

/** A unique violation becomes `conflict:content` naming the field; anything else is rethrown. */
export function rethrowConflict(err: unknown, messages: Record<string, string>): never {
  const column = uniqueViolation(err);
  if (column === null) throw err;
  const message = messages[column] ?? "This value is already taken.";
  throw new AppError("conflict:content", message, { [column in messages ? column : "form"]: message });
}

/** A free slug for a title: "title", then "title-2", "title-3"... */
export async function freeSlug(db: Db, column: PgColumn, table: any, title: string): Promise<string> {
  const base = slugify(title);
  const rows = (await db
    .select({ slug: column })
    .from(table)
    .where(or(eq(column, base), like(column, `${escapeLike(base)}-%`)))) as Array<{ slug: string }>;
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export const notFound = (what: "article" | "broker" | "blacklist", message: string) =>
  new AppError(`not_found:${what}`, message);
