import { eq } from "drizzle-orm";
import { isTimeZone } from "#common/calendar-options";
import { AppError } from "#common/errors";
import type { Db } from "../db/client";
import { user } from "../db/schema";

/** The calendar zone a signed-in user chose (or their browser reported), kept on their row. */
export interface UserTimeZones {
  get(userId: string): Promise<string | null>;
  set(userId: string, timeZone: string): Promise<void>;
}

export function createUserTimeZones(db: Db): UserTimeZones {
  return {
    async get(userId) {
      const [row] = await db.select({ timeZone: user.timeZone }).from(user).where(eq(user.id, userId));
      return row?.timeZone && isTimeZone(row.timeZone) ? row.timeZone : null;
    },
    async set(userId, timeZone) {
      if (!isTimeZone(timeZone)) throw new AppError("bad_request:time_zone", "Choose a valid time zone.");
      await db.update(user).set({ timeZone }).where(eq(user.id, userId));
    },
  };
}
