import { randomUUID } from "node:crypto";
import { and, asc, count, eq, gte, ilike, inArray, type SQL } from "drizzle-orm";
import { calendarTitleAr } from "#common/calendar-glossary-ar";
import { EDITOR_PAGE_SIZE } from "#common/calendar-options";
import type { CalendarEventForm } from "#common/calendar-schema";
import { AppError } from "#common/errors";
import { recordAudit } from "../admin/audit";
import type { Db } from "../db/client";
import { economicEvents } from "../db/schema";
import { toEvent } from "./events";
import { syncReminderTimes } from "./merge";
import type { EconomicEvent } from "./types";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The Gulf rows editors keep: the shipped schedule's and their own (not the global feed's). */
const GULF_SOURCES = ["schedule", "editor"] as const;

export interface CalendarEditor {
  list(opts: { page: number; query?: string; now?: Date }): Promise<{ rows: EconomicEvent[]; total: number }>;
  save(actorId: string, form: CalendarEventForm): Promise<EconomicEvent>;
  /**
   * Titles readers see (events from 45 days back on, every source) that the Arabic glossary does
   * not know, with how many events carry each, most frequent first: Arabic pages show them in English.
   */
  untranslatedTitles(opts?: { now?: Date }): Promise<Array<{ title: string; events: number }>>;
}

type EventRow = typeof economicEvents.$inferSelect;

/** The Gulf events of the last 45 days and after, one page, by time then title. */
async function listEditable(
  db: Db,
  { page, query, now = new Date() }: Parameters<CalendarEditor["list"]>[0],
) {
  const where: SQL[] = [
    inArray(economicEvents.source, [...GULF_SOURCES]),
    gte(economicEvents.startsAt, new Date(now.getTime() - 45 * DAY_MS)),
  ];
  if (query) where.push(ilike(economicEvents.title, `%${query.replace(/[%_\\]/g, "\\$&")}%`));
  const rows = await db
    .select()
    .from(economicEvents)
    .where(and(...where))
    .orderBy(asc(economicEvents.startsAt), asc(economicEvents.title))
    .limit(EDITOR_PAGE_SIZE)
    .offset((page - 1) * EDITOR_PAGE_SIZE);
  const [{ total }] = await db
    .select({ total: count() })
    .from(economicEvents)
    .where(and(...where));
  return { rows: rows.map(toEvent), total };
}

async function untranslatedTitles(db: Db, { now = new Date() }: { now?: Date } = {}) {
  const rows = await db
    .select({ title: economicEvents.title, events: count() })
    .from(economicEvents)
    .where(gte(economicEvents.startsAt, new Date(now.getTime() - 45 * DAY_MS)))
    .groupBy(economicEvents.title);
  return rows
    .filter((r) => !calendarTitleAr(r.title))
    .sort((a, b) => b.events - a.events || a.title.localeCompare(b.title));
}

/** The fields an editor sets, stamped as edited now. */
function editedValues(form: CalendarEventForm) {
  const now = new Date();
  return {
    title: form.title,
    startsAt: form.startsAt,
    country: form.country,
    category: form.category,
    importance: form.importance,
    confidence: form.confidence,
    status: form.status,
    sourceUrl: form.sourceUrl,
    forecast: form.forecast,
    previous: form.previous,
    actual: form.actual,
    editedAt: now,
    updatedAt: now,
  };
}

/** An edited schedule row becomes the editor's, so the schedule no longer overwrites it. */
async function updateEvent(tx: Db, id: string, form: CalendarEventForm): Promise<EventRow | undefined> {
  const [current] = await tx.select().from(economicEvents).where(eq(economicEvents.id, id));
  if (!current) throw new AppError("not_found:event", "This event does not exist.");
  const [row] = await tx
    .update(economicEvents)
    .set({
      ...editedValues(form),
      description: form.description ?? current.description,
      source: current.source === "schedule" ? "editor" : current.source,
    })
    .where(eq(economicEvents.id, id))
    .returning();
  return row;
}

async function insertEvent(tx: Db, form: CalendarEventForm): Promise<EventRow | undefined> {
  const key = `editor:${randomUUID()}`;
  const [row] = await tx
    .insert(economicEvents)
    .values({
      ...editedValues(form),
      description: form.description ?? "",
      sourceKey: key,
      series: key,
      source: "editor",
    })
    .returning();
  return row;
}

/** Saves an event, its audit entry and its reminders' times in one transaction. */
async function saveEvent(db: Db, actorId: string, form: CalendarEventForm) {
  const saved = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const row = form.id ? await updateEvent(tx, form.id, form) : await insertEvent(tx, form);
    await recordAudit(tx, {
      actorId,
      action: form.id ? "calendar.update" : "calendar.create",
      target: row!.id,
      details: { title: form.title, startsAt: form.startsAt.toISOString(), confidence: form.confidence },
    });
    await syncReminderTimes(tx);
    return row!;
  });
  return toEvent(saved);
}

/**
 * Editors correct times, set the confidence and source link, enter actual figures, cancel or add
 * Gulf events. An edited row is marked so neither the schedule nor a feed overwrites it.
 */
export function createCalendarEditor(db: Db): CalendarEditor {
  return {
    list: (opts) => listEditable(db, opts),
    untranslatedTitles: (opts) => untranslatedTitles(db, opts),
    save: (actorId, form) => saveEvent(db, actorId, form),
  };
}
