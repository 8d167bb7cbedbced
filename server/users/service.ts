import { eq } from "drizzle-orm";
import { AppError } from "#common/errors";
import { isLang, toLang } from "#common/locale";
import type { Db } from "../db/client";
import { user } from "../db/schema";
import type { UserLocales } from "./types";

export function createUserLocales(db: Db): UserLocales {
  return {
    async setLocale(userId, locale) {
      if (!isLang(locale)) throw new AppError("bad_request:locale", "Unsupported language.");
      await db.update(user).set({ locale, updatedAt: new Date() }).where(eq(user.id, userId));
    },
    async localeOf(userId) {
      const [row] = await db.select({ locale: user.locale }).from(user).where(eq(user.id, userId));
      return toLang(row?.locale);
    },
  };
}
