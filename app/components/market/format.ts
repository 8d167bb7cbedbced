/**
 * Instrument addresses. Figures and times are formatted by app/lib/format.ts (`useFormat()`), for
 * the page's language and digits.
 */

/** The URL segment of an instrument: "USD/AED" -> "usd-aed" (server/market/catalogue.ts agrees). */
export const instrumentSlug = (symbol: string) => symbol.toLowerCase().replace(/\//g, "-");
export const instrumentHref = (symbol: string) => `/markets/${instrumentSlug(symbol)}`;
