import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { DeliveryRequest } from "./types";

/** Requests per statement: the batch travels as one JSON parameter, so this only bounds its size. */
const CHUNK = 2_000;

/**
 * Writes one queue row per target of each request, in the caller's transaction: every push
 * subscription of the user when push is asked for; the alert's chosen webhook endpoint, or the
 * user's default one, when webhook is. Targets are looked up with the request's user id, so a
 * request can never reach another user's device or endpoint. (event_id, channel, target) is
 * unique: enqueueing the same event again adds nothing. Returns the number of rows added.
 */
export async function insertDeliveries(tx: Db, requests: DeliveryRequest[]): Promise<number> {
  let added = 0;
  for (let i = 0; i < requests.length; i += CHUNK) {
    const batch = requests
      .slice(i, i + CHUNK)
      .filter((r) => r.push || r.webhook)
      .map((r) => ({
        user_id: r.userId,
        event_id: r.eventId,
        trigger_id: r.triggerId,
        payload: r.payload,
        push: r.push,
        webhook: r.webhook,
        webhook_id: r.webhookId,
      }));
    if (batch.length === 0) continue;
    const result = await tx.execute(sql`
      with req as (
        select * from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(
          user_id text, event_id uuid, trigger_id uuid, payload jsonb,
          push boolean, webhook boolean, webhook_id uuid)
      )
      insert into alert_deliveries (user_id, event_id, trigger_id, channel, target, payload)
      select req.user_id, req.event_id, req.trigger_id, 'push', s.id::text, req.payload
        from req join push_subscriptions s on s.user_id = req.user_id
        where req.push
      union all
      select req.user_id, req.event_id, req.trigger_id, 'webhook', w.id::text, req.payload
        from req join webhook_endpoints w on w.user_id = req.user_id
          and (w.id = req.webhook_id
            or (w.is_default and (req.webhook_id is null or not exists (
              select 1 from webhook_endpoints c where c.id = req.webhook_id and c.user_id = req.user_id))))
        where req.webhook
      on conflict (event_id, channel, target) do nothing
      returning id`);
    added += (result as unknown as { rows: unknown[] }).rows.length;
  }
  return added;
}
