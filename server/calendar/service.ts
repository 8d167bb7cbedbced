import type { Config } from "#server/config";
import type { Db } from "#server/db/client";
import type { DeliveryQueue } from "#server/delivery/types";
import type { Scheduler } from "#server/jobs/scheduler";
import type { Logger } from "#server/logger";
import type { Outbox } from "#server/mail/outbox";
import type { Bus } from "#server/realtime/bus";
import { type CalendarEditor, createCalendarEditor } from "./editor";
import { createCalendar, type EconomicCalendar } from "./events";
import { type CalendarReminders, createReminders } from "./reminders";
import { refreshFeeds } from "./sources";
import { createUserTimeZones, type UserTimeZones } from "./time-zone";

const EXTEND_EVERY_MS = 6 * 60 * 60 * 1000;
/** The feed job wakes often but fetches only when a feed is due (its own interval and back-off). */
const FEEDS_EVERY_MS = 15 * 60 * 1000;
const REMINDERS_EVERY_MS = 30 * 1000;
/** Offline, a request gives up quickly; the job runs in the background and never delays start. */
const FEED_TIMEOUT_MS = 10_000;

/** The calendar's full API for its pages: events, reminders, the editor and the reader's zone. */
export interface CalendarFeature extends EconomicCalendar {
  reminders: CalendarReminders;
  editor: CalendarEditor;
  timeZones: UserTimeZones;
  /** "forexfactory" when the weekly feed is on, else "schedule" (offline). */
  liveSource: "forexfactory" | "schedule";
}

export interface CalendarDeps {
  db: Db;
  log: Logger;
  config: Pick<Config, "publicUrl" | "CALENDAR_SOURCE" | "CALENDAR_FF_URL" | "CALENDAR_FF_HOURS">;
  outbox: Outbox;
  bus: Bus;
  /** Reminders that ask for push or a webhook go through the delivery queue. */
  delivery: DeliveryQueue;
  jobs: Pick<Scheduler, "register">;
}

/** Creates services.calendar and the jobs: the schedule kept ahead, the weekly feed, reminders. */
export function createCalendarFeature(deps: CalendarDeps): CalendarFeature {
  const { db, log, config, jobs } = deps;
  const calendar: CalendarFeature = Object.assign(createCalendar({ db, log }), {
    reminders: createReminders({
      db,
      log,
      outbox: deps.outbox,
      bus: deps.bus,
      delivery: deps.delivery,
      siteUrl: config.publicUrl,
    }),
    editor: createCalendarEditor(db),
    timeZones: createUserTimeZones(db),
    liveSource: config.CALENDAR_SOURCE,
  });
  jobs.register({
    name: "economic-calendar",
    intervalMs: EXTEND_EVERY_MS,
    run: async () => void (await calendar.ensureSchedule()),
  });
  if (config.CALENDAR_SOURCE === "forexfactory") {
    jobs.register({
      name: "economic-calendar-feed",
      intervalMs: FEEDS_EVERY_MS,
      run: async (signal) =>
        void (await refreshFeeds({
          db,
          log,
          urls: config.CALENDAR_FF_URL,
          minIntervalMs: config.CALENDAR_FF_HOURS * 60 * 60 * 1000,
          timeoutMs: FEED_TIMEOUT_MS,
          signal,
        })),
    });
  }
  jobs.register({
    name: "calendar-reminders",
    intervalMs: REMINDERS_EVERY_MS,
    run: async () => void (await calendar.reminders.sendDue()),
  });
  return calendar;
}
