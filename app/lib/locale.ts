import { useLocation } from "react-router";
import { LANG_COOKIE, type Lang, splitLocale } from "#common/locale";

// The URL scheme itself is shared with the server (redirects, sitemap): common/locale.ts.
export * from "#common/locale";

/** The language of the page being rendered (from the URL, so server and browser agree). */
export function useLang(): Lang {
  return splitLocale(useLocation().pathname).lang;
}

/** Browser only: remembers the language chosen with the switch for a year. */
export function saveLangCookie(lang: Lang) {
  // biome-ignore lint/suspicious/noDocumentCookie: the server must read it; Cookie Store is not everywhere
  document.cookie = `${LANG_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
