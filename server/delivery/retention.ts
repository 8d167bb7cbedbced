import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { Scheduler } from "../jobs/scheduler";

/** How long finished deliveries (and their attempts) stay in the delivery log. */
export const DELIVERY_LOG_DAYS = 90;

/** Deletes finished deliveries older than the log keeps; pending ones are never deleted. */
export async function purgeOldDeliveries(db: Db, days = DELIVERY_LOG_DAYS): Promise<number> {
  const result = await db.execute(sql`
    delete from alert_deliveries
    where status in ('delivered', 'dead') and created_at < now() - make_interval(days => ${days}::int)
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/** Once a day on the job leader. */
export function registerDeliveryRetention(jobs: Scheduler, db: Db) {
  jobs.register({
    name: "delivery-retention",
    intervalMs: 24 * 60 * 60_000,
    runAtStart: false,
    run: async () => void (await purgeOldDeliveries(db)),
  });
}
