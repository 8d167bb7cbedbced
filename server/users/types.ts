import type { Lang } from "#common/locale";

/** A signed-in user's language: the language switch remembers it, mails are written in it. */
export interface UserLocales {
  /** Remembers the user's language (the language switch); only 'en' and 'ar' are accepted. */
  setLocale(userId: string, locale: string): Promise<void>;
  /** The user's language, English for an unknown user. */
  localeOf(userId: string): Promise<Lang>;
}
