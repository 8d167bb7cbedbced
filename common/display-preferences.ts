/**
 * Display preferences kept in cookies: the light/dark theme and the digits of Arabic pages. The
 * server renders with them (no flash of the other theme or digits), and the page cache keeps one
 * shared copy per combination (server/cache/page-variant.ts), so both read them with these parsers.
 */
export const THEME_COOKIE = "theme";
export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

export const isTheme = (value: unknown): value is Theme => THEMES.includes(value as Theme);

/** The choice stored in a Cookie header, or null when the visitor never picked one. */
export function themeFromCookie(cookieHeader: string | null | undefined): Theme | null {
  const value = cookieHeader?.match(/(?:^|;\s*)theme=([a-z]+)/)?.[1];
  return isTheme(value) ? value : null;
}

/** Western digits (`latn`, the default in both languages) or Arabic-Indic (`arab`). */
export const DIGITS = ["latn", "arab"] as const;
export type Digits = (typeof DIGITS)[number];
export const DIGITS_COOKIE = "digits";

export const isDigits = (value: unknown): value is Digits => DIGITS.includes(value as Digits);

/** The digits setting in a Cookie header; Western digits when absent or unknown. */
export function digitsFromCookie(cookieHeader: string | null | undefined): Digits {
  const value = cookieHeader?.match(/(?:^|;\s*)digits=([a-z]+)/)?.[1];
  return isDigits(value) ? value : "latn";
}
