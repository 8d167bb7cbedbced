import { and, count, desc, eq, exists, ilike, or, sql } from "drizzle-orm";
import { AppError } from "#common/errors";
import type { Db } from "../db/client";
import { user, userRoles } from "../db/schema";

export interface AdminUserRow {
  id: string;
  email: string;
  name: string;
  createdAt: Date;
  emailVerified: boolean;
  banned: boolean;
  isAdmin: boolean;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Users by email or name, newest first. */
export async function searchUsers(
  db: Db,
  { query, page, pageSize }: { query?: string; page: number; pageSize: number },
): Promise<{ rows: AdminUserRow[]; total: number }> {
  const q = query?.trim();
  const where = q
    ? or(ilike(user.email, `%${escapeLike(q)}%`), ilike(user.name, `%${escapeLike(q)}%`))
    : undefined;
  const adminFlag = exists(
    db
      .select({ one: sql`1` })
      .from(userRoles)
      .where(and(eq(userRoles.userId, user.id), eq(userRoles.role, "admin"))),
  );
  const rows = await db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      createdAt: user.createdAt,
      emailVerified: user.emailVerified,
      banned: user.banned,
      isAdmin: sql<boolean>`${adminFlag}`,
    })
    .from(user)
    .where(where)
    .orderBy(desc(user.createdAt), user.id)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [{ total }] = await db.select({ total: count() }).from(user).where(where);
  return { rows, total };
}

async function findUser(db: Db, userId: string) {
  const [u] = await db
    .select({ id: user.id, email: user.email, banned: user.banned })
    .from(user)
    .where(eq(user.id, userId));
  if (!u) throw new AppError("not_found:user", "That user no longer exists.");
  return u;
}

export async function grantAdminRole(db: Db, userId: string) {
  const u = await findUser(db, userId);
  await db.insert(userRoles).values({ userId, role: "admin" }).onConflictDoNothing();
  return u;
}

/**
 * Revokes in a transaction that locks the admin rows, so two admins revoking each other at once
 * cannot leave the site with none. The last admin cannot remove themself.
 */
export async function revokeAdminRole(db: Db, { userId, actorId }: { userId: string; actorId: string }) {
  const u = await findUser(db, userId);
  await db.transaction(async (tx) => {
    const admins = await tx
      .select({ userId: userRoles.userId })
      .from(userRoles)
      .where(eq(userRoles.role, "admin"))
      .for("update");
    const isTargetAdmin = admins.some((a) => a.userId === userId);
    if (!isTargetAdmin) return;
    if (admins.length <= 1) {
      throw new AppError(
        "conflict:last_admin",
        userId === actorId
          ? "You are the last admin and cannot remove your own admin role."
          : "The last admin cannot be removed.",
      );
    }
    await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")));
  });
  return u;
}

/** Banning ends every session at once; the session hook refuses new ones while banned. */
export async function setBanned(
  db: Db,
  revokeAllSessions: (userId: string) => Promise<void>,
  { userId, actorId, banned }: { userId: string; actorId: string; banned: boolean },
) {
  if (banned && userId === actorId) throw new AppError("conflict:self_ban", "You cannot ban yourself.");
  const u = await findUser(db, userId);
  await db.update(user).set({ banned, updatedAt: new Date() }).where(eq(user.id, userId));
  if (banned) await revokeAllSessions(userId);
  return u;
}
