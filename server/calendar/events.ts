import { and, asc, desc, eq, gte, isNotNull, isNull, lt, type SQL, sql } from "drizzle-orm";
import { DEFAULT_CALENDAR_DAYS, MAX_CALENDAR_DAYS } from "#common/analytics-schema";
import type { Db } from "../db/client";
import { economicEvents } from "../db/schema";
import type { Logger } from "../logger";
import { buildSchedule } from "./schedule";
import type { CalendarService, EconomicEvent } from "./types";

/** The calendar takes a number of days ahead, 30 by default. */
export const DEFAULT_DAYS = DEFAULT_CALENDAR_DAYS;
/** How far ahead the stored schedule reaches. */
export const SCHEDULE_DAYS = 90;
/** How far back the schedule is stored, so an event page has past releases to show. */
export const HISTORY_DAYS = 400;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface CalendarQuery {
  days?: number;
  country?: string;
  importance?: EconomicEvent["importance"];
  category?: string;
}

export interface CalendarRange {
  from: Date;
  to: Date;
  country?: string;
  importance?: EconomicEvent["importance"];
  category?: string;
}

export interface EconomicCalendar extends CalendarService {
  /** Stores the recurring schedule around today; returns how many events were new. */
  ensureSchedule(opts?: { now?: Date; days?: number }): Promise<number>;
  upcoming(opts?: CalendarQuery & { now?: Date }): Promise<EconomicEvent[]>;
  /** Events starting in [from, to), oldest first (the API). */
  range(query: CalendarRange): Promise<EconomicEvent[]>;
  byId(id: string): Promise<EconomicEvent | null>;
  /** Releases of a series before an instant, newest first. */
  history(series: string, opts?: { before?: Date; limit?: number }): Promise<EconomicEvent[]>;
}

/** Start of the current UTC day, so today's earlier events stay listed. */
function startOfUtcDay(d: Date) {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

export function clampDays(days: number | undefined): number {
  if (days === undefined || !Number.isFinite(days)) return DEFAULT_DAYS;
  return Math.min(MAX_CALENDAR_DAYS, Math.max(1, Math.trunc(days)));
}

/** A schedule key without its date or period: "cpi:sa:2026-12" -> "cpi:sa". */
export const seriesOfKey = (key: string) => key.replace(/:[^:]+$/, "");

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toEvent(r: typeof economicEvents.$inferSelect): EconomicEvent {
  return {
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
    actual: r.actual,
    source: r.source,
    confidence: r.confidence,
    sourceUrl: r.sourceUrl,
    status: r.status,
    series: r.series,
  };
}

function filters(q: { country?: string; importance?: string; category?: string }): SQL[] {
  const where: SQL[] = [];
  if (q.country) where.push(eq(economicEvents.country, q.country));
  if (q.importance) where.push(eq(economicEvents.importance, q.importance as EconomicEvent["importance"]));
  if (q.category) where.push(eq(economicEvents.category, q.category));
  return where;
}

export function createCalendar(deps: { db: Db; log: Logger }): EconomicCalendar {
  const { db, log } = deps;

  async function range(q: CalendarRange) {
    const rows = await db
      .select()
      .from(economicEvents)
      .where(and(gte(economicEvents.startsAt, q.from), lt(economicEvents.startsAt, q.to), ...filters(q)))
      .orderBy(asc(economicEvents.startsAt), asc(economicEvents.title))
      .limit(2000);
    return rows.map(toEvent);
  }

  return {
    async ensureSchedule(opts = {}) {
      const now = opts.now ?? new Date();
      const today = startOfUtcDay(now);
      const from = new Date(today.getTime() - HISTORY_DAYS * DAY_MS);
      const to = new Date(today.getTime() + (opts.days ?? SCHEDULE_DAYS) * DAY_MS);
      const events = buildSchedule(from, to);
      let added = 0;
      for (let i = 0; i < events.length; i += 200) {
        const rows = await db
          .insert(economicEvents)
          .values(events.slice(i, i + 200).map((e) => ({ ...e, series: seriesOfKey(e.sourceKey) })))
          .onConflictDoNothing({ target: economicEvents.sourceKey })
          .returning({ id: economicEvents.id });
        added += rows.length;
      }
      // Rows stored before events had a series get one from their key.
      await db
        .update(economicEvents)
        .set({ series: sql`regexp_replace(${economicEvents.sourceKey}, ':[^:]+$', '')` })
        .where(and(isNull(economicEvents.series), isNotNull(economicEvents.sourceKey)));
      if (added) log.info({ added, through: to.toISOString() }, "economic calendar extended");
      return added;
    },

    async upcoming(opts = {}) {
      const now = opts.now ?? new Date();
      return range({
        from: startOfUtcDay(now),
        to: new Date(now.getTime() + clampDays(opts.days) * DAY_MS),
        country: opts.country,
        importance: opts.importance,
        category: opts.category,
      });
    },

    range,

    async byId(id) {
      if (!UUID.test(id)) return null;
      const [row] = await db.select().from(economicEvents).where(eq(economicEvents.id, id));
      return row ? toEvent(row) : null;
    },

    async history(series, opts = {}) {
      const rows = await db
        .select()
        .from(economicEvents)
        .where(
          and(
            eq(economicEvents.series, series),
            lt(economicEvents.startsAt, opts.before ?? new Date()),
            eq(economicEvents.status, "scheduled"),
          ),
        )
        .orderBy(desc(economicEvents.startsAt))
        .limit(Math.min(opts.limit ?? 12, 60));
      return rows.map(toEvent);
    },
  };
}
