import { and, eq, gt, gte, inArray, isNull, lt, notInArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { calendarReminders, economicEvents } from "../db/schema";
import type { FeedEvent } from "./forex-factory";

export interface MergeResult {
  inserted: number;
  updated: number;
  unchanged: number;
  cancelled: number;
}

const DAY = 24 * 60 * 60 * 1000;

/** The weeks a feed covers: from the Monday before its first event to the Monday after its last. */
function coveredRange(events: FeedEvent[]): { from: Date; to: Date } | null {
  if (events.length === 0) return null;
  const times = events.map((e) => e.startsAt.getTime());
  const first = new Date(Math.min(...times));
  const monday =
    Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), first.getUTCDate()) -
    ((first.getUTCDay() + 6) % 7) * DAY;
  const last = new Date(Math.max(...times));
  const nextMonday =
    Date.UTC(last.getUTCFullYear(), last.getUTCMonth(), last.getUTCDate()) +
    (7 - ((last.getUTCDay() + 6) % 7)) * DAY;
  return { from: new Date(monday), to: new Date(nextMonday) };
}

const same = (a: unknown, b: unknown) =>
  a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;

/**
 * Merges one feed copy: new events are inserted, known ones (same source key) updated in place
 * when their time, impact or figures changed, and the feed's own future events that are no longer
 * in it are marked cancelled. Rows an editor changed are left alone. Running it twice with the
 * same copy changes nothing.
 */
export async function mergeFeedEvents(
  db: Db,
  events: FeedEvent[],
  opts: { now?: Date } = {},
): Promise<MergeResult> {
  const now = opts.now ?? new Date();
  const result: MergeResult = { inserted: 0, updated: 0, unchanged: 0, cancelled: 0 };
  const unique = new Map(events.map((e) => [e.sourceKey, e]));
  const keys = [...unique.keys()];
  await db.transaction(async (tx) => {
    const existing = keys.length
      ? await tx.select().from(economicEvents).where(inArray(economicEvents.sourceKey, keys))
      : [];
    const byKey = new Map(existing.map((r) => [r.sourceKey, r]));
    const fresh: FeedEvent[] = [];
    for (const e of unique.values()) {
      const row = byKey.get(e.sourceKey);
      if (!row) {
        fresh.push(e);
        continue;
      }
      if (row.editedAt) {
        result.unchanged++;
        continue;
      }
      const changes = {
        startsAt: e.startsAt,
        importance: e.importance,
        forecast: e.forecast,
        previous: e.previous,
        // A copy without the figure does not erase one already known.
        actual: e.actual ?? row.actual,
        source: "forexfactory" as const,
        confidence: "confirmed" as const,
        sourceUrl: e.sourceUrl ?? row.sourceUrl,
        status: "scheduled" as const,
      };
      const changed = (Object.keys(changes) as Array<keyof typeof changes>).some(
        (k) => !same(changes[k], row[k]),
      );
      if (!changed) {
        result.unchanged++;
        continue;
      }
      await tx
        .update(economicEvents)
        .set({ ...changes, updatedAt: now })
        .where(eq(economicEvents.id, row.id));
      result.updated++;
    }
    for (let i = 0; i < fresh.length; i += 200) {
      const rows = await tx
        .insert(economicEvents)
        .values(
          fresh.slice(i, i + 200).map((e) => ({
            sourceKey: e.sourceKey,
            series: e.series,
            title: e.title,
            description: e.description,
            startsAt: e.startsAt,
            country: e.country,
            category: e.category,
            importance: e.importance,
            impact: e.impact,
            forecast: e.forecast,
            previous: e.previous,
            actual: e.actual ?? null,
            source: "forexfactory" as const,
            confidence: "confirmed" as const,
            sourceUrl: e.sourceUrl ?? null,
          })),
        )
        .onConflictDoNothing({ target: economicEvents.sourceKey })
        .returning({ id: economicEvents.id });
      result.inserted += rows.length;
    }

    const range = coveredRange([...unique.values()]);
    if (range) {
      const gone = await tx
        .update(economicEvents)
        .set({ status: "cancelled", updatedAt: now })
        .where(
          and(
            eq(economicEvents.source, "forexfactory"),
            eq(economicEvents.status, "scheduled"),
            isNull(economicEvents.editedAt),
            gte(economicEvents.startsAt, range.from),
            lt(economicEvents.startsAt, range.to),
            gt(economicEvents.startsAt, now),
            keys.length ? notInArray(economicEvents.sourceKey, keys) : undefined,
          ),
        )
        .returning({ id: economicEvents.id });
      result.cancelled = gone.length;
    }
    if (result.updated) await syncReminderTimes(tx as unknown as Db);
  });
  return result;
}

/** Reminders not yet sent follow their event when its time moves. */
export async function syncReminderTimes(db: Db): Promise<void> {
  await db.execute(sql`
    update ${calendarReminders} r
    set remind_at = e.starts_at - make_interval(mins => r.minutes_before)
    from ${economicEvents} e
    where e.id = r.event_id and r.sent_at is null
      and r.remind_at <> e.starts_at - make_interval(mins => r.minutes_before)`);
}
