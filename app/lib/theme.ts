import { isTheme, THEME_COOKIE, type Theme } from "#common/display-preferences";

export { type Theme, themeFromCookie } from "#common/display-preferences";

/**
 * The visitor's theme choice. Absent means "follow the system". It lives in a cookie (not only in
 * localStorage) so the server can render <html data-theme> and the first paint is already right,
 * with no inline script and no flash of the other theme. The cookie's values and parser are in
 * common/display-preferences.ts (the page cache reads them too).
 */

/** Browser only: remembers the choice for a year and applies it at once. */
export function saveTheme(theme: Theme) {
  // biome-ignore lint/suspicious/noDocumentCookie: the server must read it; Cookie Store is not everywhere
  document.cookie = `${THEME_COOKIE}=${theme}; Path=/; Max-Age=31536000; SameSite=Lax`;
  document.documentElement.dataset.theme = theme;
}

/** Browser only: the theme in effect, the explicit choice first, else the system's. */
export function effectiveTheme(): Theme {
  const chosen = document.documentElement.dataset.theme;
  if (isTheme(chosen)) return chosen;
  return window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}
