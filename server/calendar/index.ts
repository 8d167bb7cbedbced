import type { Services } from "../services";
import { createCalendar } from "./service";

const EXTEND_EVERY_MS = 6 * 60 * 60 * 1000;

/** Creates services.calendar and the job that keeps 90 days of recurring events stored ahead. */
export function registerCalendar(services: Services) {
  const calendar = createCalendar({ db: services.db, log: services.log });
  services.calendar = calendar;
  services.jobs.register({
    name: "economic-calendar",
    intervalMs: EXTEND_EVERY_MS,
    run: async () => void (await calendar.ensureSchedule()),
  });
  return calendar;
}

export async function seedCalendar(services: Services): Promise<number> {
  return createCalendar({ db: services.db, log: services.log }).ensureSchedule();
}
