import { eq } from "drizzle-orm";
import { AppError } from "#common/errors";
import type { Db } from "../db/client";
import { user } from "../db/schema";

/** The site's languages; mails and the remembered site language use one of these. */
export const LOCALES = ["en", "ar"] as const;
export type Locale = (typeof LOCALES)[number];

function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** Any stored or received value as a locale: unknown values fall back to English. */
export function toLocale(value: unknown): Locale {
  return isLocale(value) ? value : "en";
}

export interface UserLocales {
  /** Remembers the user's language (the language switch); only 'en' and 'ar' are accepted. */
  setLocale(userId: string, locale: string): Promise<void>;
  /** The user's language, English for an unknown user. */
  localeOf(userId: string): Promise<Locale>;
}

export function createUserLocales(db: Db): UserLocales {
  return {
    async setLocale(userId, locale) {
      if (!isLocale(locale)) throw new AppError("bad_request:locale", "Unsupported language.");
      await db.update(user).set({ locale, updatedAt: new Date() }).where(eq(user.id, userId));
    },
    async localeOf(userId) {
      const [row] = await db.select({ locale: user.locale }).from(user).where(eq(user.id, userId));
      return toLocale(row?.locale);
    },
  };
}
