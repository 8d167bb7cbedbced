import { count, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { auditLog, user } from "../db/schema";

export interface AuditEntry {
  actorId: string;
  action: string;
  target?: string | null;
  details?: Record<string, unknown> | null;
}

/** Every admin mutation leaves a row: who, what, on what, when. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    target: entry.target ?? null,
    details: entry.details ?? null,
  });
}

export async function listAudit(db: Db, { page, pageSize }: { page: number; pageSize: number }) {
  const rows = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      target: auditLog.target,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
      actorEmail: user.email,
    })
    .from(auditLog)
    .leftJoin(user, eq(user.id, auditLog.actorId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [{ total }] = await db.select({ total: count() }).from(auditLog);
  return { rows, total };
}
