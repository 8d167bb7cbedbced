import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { user, userRoles } from "../db/schema";
import type { Logger } from "../logger";

/** Admin only if a user_roles row has role 'admin'; any failure means not admin (docs/product/accounts.md). */
export async function isAdmin(db: Db, userId: string, log?: Logger): Promise<boolean> {
  try {
    return await hasAdminRole(db, userId);
  } catch (err) {
    log?.error({ err }, "admin check failed");
    return false;
  }
}

/** The role as stored; a failed read throws (so a cache never keeps a "not admin" it did not see). */
export async function hasAdminRole(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")))
    .limit(1);
  return rows.length > 0;
}

export async function grantAdmin(db: Db, userId: string): Promise<void> {
  await db.insert(userRoles).values({ userId, role: "admin" }).onConflictDoNothing();
}

export async function revokeAdmin(db: Db, userId: string): Promise<void> {
  await db.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")));
}

export async function grantAdminByEmail(db: Db, email: string): Promise<boolean> {
  const [u] = await db
    .select({ id: user.id })
    .from(user)
    .where(sql`lower(${user.email}) = ${email.toLowerCase()}`);
  if (!u) return false;
  await grantAdmin(db, u.id);
  return true;
}
