import { eq, sql } from "drizzle-orm";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { auditLog, signInFailures } from "../db/schema";
import type { Logger } from "../logger";

/** Failures older than this start the count again. */
const FAILURE_MEMORY_MS = 60 * 60_000;

export interface LockDeps {
  db: Db;
  config: Pick<Config, "AUTH_LOCK_AFTER_FAILURES" | "AUTH_LOCK_MAX_MINUTES">;
  log: Logger;
}

/** Lock length after the n-th consecutive failure (0 = not locked). */
export function lockSeconds(failures: number, after: number, maxMinutes: number): number {
  if (failures < after) return 0;
  return Math.min(60 * 2 ** Math.min(failures - after, 20), maxMinutes * 60);
}

/** Seconds the account stays locked (0: not locked). */
export async function lockedFor(db: Db, email: string): Promise<number> {
  const [row] = await db
    .select({ lockedUntil: signInFailures.lockedUntil })
    .from(signInFailures)
    .where(eq(signInFailures.email, email));
  const until = row?.lockedUntil?.getTime() ?? 0;
  return Math.max(0, (until - Date.now()) / 1000);
}

/**
 * Counts one failed sign-in of the account; from the AUTH_LOCK_AFTER_FAILURES-th on it locks the
 * account for a growing time, recorded as an auth event (audit log and the server log).
 */
export async function recordFailure({ db, config, log }: LockDeps, email: string, ip: string) {
  const memory = sql`make_interval(secs => ${FAILURE_MEMORY_MS / 1000})`;
  const [row] = await db
    .insert(signInFailures)
    .values({ email, failures: 1 })
    .onConflictDoUpdate({
      target: signInFailures.email,
      set: {
        failures: sql`case when ${signInFailures.lastFailedAt} < now() - ${memory} then 1 else ${signInFailures.failures} + 1 end`,
        lastFailedAt: sql`now()`,
      },
    })
    .returning({ failures: signInFailures.failures });
  const failures = row?.failures ?? 1;
  const seconds = lockSeconds(failures, config.AUTH_LOCK_AFTER_FAILURES, config.AUTH_LOCK_MAX_MINUTES);
  if (!seconds) return;
  const until = new Date(Date.now() + seconds * 1000);
  await db.update(signInFailures).set({ lockedUntil: until }).where(eq(signInFailures.email, email));
  await db.insert(auditLog).values({
    actorId: null,
    action: "auth.account_locked",
    target: email,
    details: { failures, lockedUntil: until.toISOString(), ip },
  });
  log.warn({ event: "auth.account_locked", email, failures, lockedUntil: until, ip }, "account locked");
}

/** Forgets the account's failures and lifts its lock. */
export async function forgetFailures(db: Db, email: string) {
  await db.delete(signInFailures).where(eq(signInFailures.email, email));
}
