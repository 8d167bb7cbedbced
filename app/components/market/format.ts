/** Client-side formatting for market figures. Times are GMT everywhere (spec §9). */
const numberFormats = new Map<number, Intl.NumberFormat>();

export function formatPrice(value: number, decimals: number): string {
  let f = numberFormats.get(decimals);
  if (!f) {
    f = new Intl.NumberFormat("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    numberFormats.set(decimals, f);
  }
  return f.format(value);
}

export const formatChange = (value: number, decimals: number) =>
  `${value > 0 ? "+" : value < 0 ? "-" : ""}${formatPrice(Math.abs(value), decimals)}`;

export const formatPercent = (value: number) =>
  `${value > 0 ? "+" : value < 0 ? "-" : ""}${formatPrice(Math.abs(value), 2)}%`;

const gmtTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});
export const formatGmtTime = (ms: number) => gmtTime.format(ms);

const gmtDateTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
export const formatGmtDateTime = (ms: number) => `${gmtDateTime.format(ms)} GMT`;

/** The URL segment of an instrument: "USD/AED" -> "usd-aed" (server/market/catalogue.ts agrees). */
export const instrumentSlug = (symbol: string) => symbol.toLowerCase().replace(/\//g, "-");
export const instrumentHref = (symbol: string) => `/markets/${instrumentSlug(symbol)}`;
