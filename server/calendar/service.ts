import { DEFAULT_CALENDAR_DAYS, MAX_CALENDAR_DAYS } from "../../common/analytics-schema";
import { and, asc, eq, gte, lt, type SQL } from "drizzle-orm";
import type { CalendarService, EconomicEvent } from "../contracts";
import type { Db } from "../db/client";
import { economicEvents } from "../db/schema";
import type { Logger } from "../logger";
import { buildSchedule } from "./schedule";

/** Spec §7: the calendar takes a day-range argument, default 30. */
export const DEFAULT_DAYS = DEFAULT_CALENDAR_DAYS;
/** How far ahead the stored schedule reaches. */
export const SCHEDULE_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface CalendarQuery {
  days?: number;
  country?: string;
  importance?: EconomicEvent["importance"];
}

export interface EconomicCalendar extends CalendarService {
  /** Stores the recurring schedule from today to `days` ahead; returns how many events were new. */
  ensureSchedule(opts?: { now?: Date; days?: number }): Promise<number>;
  upcoming(opts?: CalendarQuery & { now?: Date }): Promise<EconomicEvent[]>;
}

/** Start of the current UTC day, so today's earlier events stay listed. */
function startOfUtcDay(d: Date) {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

export function clampDays(days: number | undefined): number {
  if (days === undefined || !Number.isFinite(days)) return DEFAULT_DAYS;
  return Math.min(MAX_CALENDAR_DAYS, Math.max(1, Math.trunc(days)));
}

export function createCalendar(deps: { db: Db; log: Logger }): EconomicCalendar {
  const { db, log } = deps;
  return {
    async ensureSchedule(opts = {}) {
      const now = opts.now ?? new Date();
      const from = startOfUtcDay(now);
      const to = new Date(from.getTime() + (opts.days ?? SCHEDULE_DAYS) * DAY_MS);
      const events = buildSchedule(from, to);
      let added = 0;
      for (let i = 0; i < events.length; i += 200) {
        const rows = await db
          .insert(economicEvents)
          .values(events.slice(i, i + 200))
          .onConflictDoNothing({ target: economicEvents.sourceKey })
          .returning({ id: economicEvents.id });
        added += rows.length;
      }
      if (added) log.info({ added, through: to.toISOString() }, "economic calendar extended");
      return added;
    },

    async upcoming(opts = {}) {
      const now = opts.now ?? new Date();
      const from = startOfUtcDay(now);
      const to = new Date(now.getTime() + clampDays(opts.days) * DAY_MS);
      const where: SQL[] = [gte(economicEvents.startsAt, from), lt(economicEvents.startsAt, to)];
      if (opts.country) where.push(eq(economicEvents.country, opts.country));
      if (opts.importance) where.push(eq(economicEvents.importance, opts.importance));
      const rows = await db
        .select()
        .from(economicEvents)
        .where(and(...where))
        .orderBy(asc(economicEvents.startsAt), asc(economicEvents.title))
        .limit(1000);
      return rows.map((r) => ({
        id: r.id,
        title: r.title,
        description: r.description,
        startsAt: r.startsAt,
        country: r.country,
        category: r.category,
        importance: r.importance,
        impact: r.impact,
        forecast: r.forecast,
        previous: r.previous,
      }));
    },
  };
}
