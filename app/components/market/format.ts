/**
 * Instrument addresses. Figures and times are formatted by app/lib/format.ts (`useFormat()`), for
 * the page's language and digits.
 */

import type { Lang } from "~/lib/locale";

/** The URL segment of an instrument: "USD/AED" -> "usd-aed" (server/market/catalogue.ts agrees). */
export const instrumentSlug = (symbol: string) => symbol.toLowerCase().replace(/\//g, "-");
export const instrumentHref = (symbol: string) => `/markets/${instrumentSlug(symbol)}`;

/** The name a page shows: the Arabic name on Arabic pages where there is one, else the English. */
export const instrumentName = (i: { name: string; nameAr?: string }, lang: Lang) =>
  (lang === "ar" && i.nameAr) || i.name;
