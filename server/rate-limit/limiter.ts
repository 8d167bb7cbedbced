import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema";
import type { Scheduler } from "../jobs/scheduler";

export interface RateLimiter {
  /** Counts one hit for the key; false when the key is over its limit (the hit is not counted). */
  hit(key: string): Promise<boolean>;
  /** Whether a hit now would pass, without counting one (for limits that count only failures). */
  allows(key: string): Promise<boolean>;
  /** Seconds until the key may be hit again (0 when it may now). */
  retryAfterSeconds(key: string): Promise<number>;
  /**
   * Counts several hits for several keys in one statement (a queue's batch): each key gets all
   * its hits or, over its limit, none (and is left unchanged). Returns the keys that got them.
   */
  hitMany(counts: Map<string, number>): Promise<Set<string>>;
}

/**
 * `limit` hits per `windowMs` per key, enforced in the database so the limit holds however many
 * processes serve the site (an in-memory count would multiply it by the number of processes).
 *
 * GCRA (the generic cell rate algorithm): each key keeps one timestamp, its theoretical arrival
 * time. A hit moves it one emission interval (window / limit) later, starting from now if it lies
 * in the past, and is refused when that would put it more than a window ahead. A full burst of
 * `limit` is allowed at once, then one hit per interval. One upsert per hit, atomic under
 * concurrency; refused hits change nothing.
 */
export function createRateLimiter(db: Db, o: { name: string; limit: number; windowMs: number }): RateLimiter {
  const emissionSecs = o.windowMs / o.limit / 1000;
  const windowSecs = o.windowMs / 1000;
  return {
    async hit(key) {
      const next = sql`greatest(${rateLimits.tat}, now()) + make_interval(secs => ${emissionSecs})`;
      const rows = await db
        .insert(rateLimits)
        .values({ key: `${o.name}:${key}`, tat: sql`now() + make_interval(secs => ${emissionSecs})` })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: { tat: next },
          setWhere: sql`${next} <= now() + make_interval(secs => ${windowSecs})`,
        })
        .returning({ key: rateLimits.key });
      return rows.length > 0;
    },
    async hitMany(counts) {
      if (counts.size === 0) return new Set();
      const rows = [...counts].map(([key, n]) => ({ key: `${o.name}:${key}`, n }));
      // excluded.tat - now() is the key's n emission intervals (now() is fixed within a statement).
      const result = await db.execute(sql`
        with req as (select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(key text, n int))
        insert into ${rateLimits} (key, tat)
        select req.key, now() + make_interval(secs => req.n * ${emissionSecs}::float8) from req
        where req.n * ${emissionSecs}::float8 <= ${windowSecs}::float8
        on conflict (key) do update set tat = greatest(${rateLimits.tat}, now()) + (excluded.tat - now())
        where greatest(${rateLimits.tat}, now()) + (excluded.tat - now()) <= now() + make_interval(secs => ${windowSecs}::float8)
        returning key`);
      const prefix = o.name.length + 1;
      return new Set(
        (result as unknown as { rows: Array<{ key: string }> }).rows.map((r) => r.key.slice(prefix)),
      );
    },
    async allows(key) {
      return (await this.retryAfterSeconds(key)) === 0;
    },
    async retryAfterSeconds(key) {
      const [row] = await db
        .select({
          wait: sql<number>`greatest(0, extract(epoch from (${rateLimits.tat} + make_interval(secs => ${emissionSecs}) - make_interval(secs => ${windowSecs}) - now())))::float8`,
        })
        .from(rateLimits)
        .where(eq(rateLimits.key, `${o.name}:${key}`));
      return row ? Math.ceil(row.wait) : 0;
    },
  };
}

/** Keys whose time has passed hold no state: the leader deletes them now and then. */
export function registerRateLimitSweep(jobs: Scheduler, db: Db) {
  jobs.register({
    name: "rate-limit-sweep",
    intervalMs: 10 * 60_000,
    runAtStart: false,
    run: async () => void (await db.delete(rateLimits).where(lt(rateLimits.tat, sql`now()`))),
  });
}
