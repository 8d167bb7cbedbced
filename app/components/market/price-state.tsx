import { useTranslation } from "react-i18next";
import type { ExchangeInfo } from "#server/market/types";
import type { Format } from "~/lib/format";
import { useFormat } from "~/lib/use-format";
import type { LiveQuote } from "./market-feed";
import "~/locales/market";

/** "GMT", "GMT+3", "GMT+5:30". */
export const offsetLabel = (m: number) =>
  m === 0
    ? "GMT"
    : `GMT${m > 0 ? "+" : "-"}${Math.floor(Math.abs(m) / 60)}${Math.abs(m) % 60 ? `:${String(Math.abs(m) % 60).padStart(2, "0")}` : ""}`;

/** The one time zone a page shows its times in, and how it names it ("Riyadh time (GMT+3)"). */
export interface PageZone {
  offsetMinutes: number;
  label: string;
}

/**
 * An instrument page shows every time in its exchange's local zone (its trading hours are stated
 * in it), named wherever a time appears; a market without a local zone (foreign exchange, crypto)
 * and any page without an exchange uses GMT. The offset is today's, from the server (hydration
 * gives the same text on both sides).
 */
export function usePageZone(exchange: Pick<ExchangeInfo, "timeZone" | "utcOffsetMinutes"> | null): PageZone {
  const { t } = useTranslation("market");
  const f = useFormat();
  if (!exchange || exchange.timeZone === "UTC") return { offsetMinutes: 0, label: t("zones.UTC") };
  const offset = f.digitsIn(offsetLabel(exchange.utcOffsetMinutes));
  const name = t(`zones.${exchange.timeZone.replace("/", "_")}`, { defaultValue: "" });
  return {
    offsetMinutes: exchange.utcOffsetMinutes,
    label: name ? t("zoneLabel", { name, offset }) : offset,
  };
}

/** A date and time in the page's zone, named: "26 Nov 2026, 14:59 Riyadh time (GMT+3)". */
export const zonedDateTime = (f: Format, zone: PageZone, ms: number) =>
  `${f.dateTime(ms + zone.offsetMinutes * 60_000)} ${zone.label}`;

/** A clock in the page's zone, named: "12:05:11 GMT". */
export const zonedClock = (f: Format, zone: PageZone, ms: number) =>
  `${f.gmtClock(ms + zone.offsetMinutes * 60_000)} ${zone.label}`;

type PriceStateKey = "stale" | "simulated" | "closed" | "delayed" | "eod" | "peg" | "live";

const pillStyles: Record<PriceStateKey, string> = {
  live: "bg-emerald-700 text-white",
  delayed: "bg-amber-400 text-slate-900",
  eod: "bg-sky-100 text-sky-900",
  peg: "bg-sky-100 text-sky-900",
  closed: "bg-slate-200 text-slate-800",
  simulated: "bg-violet-100 text-violet-900",
  stale: "bg-red-100 text-red-900",
};

/** What is true of this price: its own state first, then whether its market is closed and since when. */
function priceStateParts(
  quote: LiveQuote,
  lastCloseAt: number | null,
  t: (key: string, o?: Record<string, unknown>) => string,
  time: (ms: number) => string,
): { key: PriceStateKey; parts: string[] } {
  const closed = quote.marketOpen
    ? null
    : lastCloseAt
      ? t("priceState.closedSince", { time: time(lastCloseAt) })
      : t("priceState.closed");
  if (quote.freshness === "stale")
    return { key: "stale", parts: [t("priceState.stale", { date: time(quote.lastUpdate) })] };
  if (quote.freshness === "simulated")
    return { key: "simulated", parts: [t("priceState.simulated"), ...(closed ? [closed] : [])] };
  if (closed) return { key: "closed", parts: [closed] };
  if (quote.freshness === "delayed")
    return { key: "delayed", parts: [t("priceState.delayedMin", { count: quote.delayMinutes ?? 0 })] };
  if (quote.status === "delayed") return { key: "delayed", parts: [t("priceState.delayed")] };
  if (quote.freshness === "eod" || quote.freshness === "peg")
    return { key: quote.freshness, parts: [t(`priceState.${quote.freshness}`)] };
  return { key: "live", parts: [t("priceState.live")] };
}

/**
 * The pill under an instrument's price: live only when this price is live (a live source, its
 * market open, the feed on time); otherwise delayed, end of day, peg, closed since the last
 * close, simulated or stale, in words.
 */
export function PriceStatePill({
  quote,
  lastCloseAt,
  zone,
}: {
  quote: LiveQuote;
  lastCloseAt: number | null;
  zone: PageZone;
}) {
  const { t } = useTranslation("market");
  const f = useFormat();
  const { key, parts } = priceStateParts(
    quote,
    lastCloseAt,
    (key, o) => String(t(key as never, o as never)),
    (ms) => zonedDateTime(f, zone, ms),
  );
  return (
    <span
      data-field="price-state"
      data-state={key}
      className={`inline-flex items-center gap-1.5 rounded-xl px-2.5 py-0.5 text-xs font-semibold ${pillStyles[key]}`}
    >
      {key === "live" ? <span aria-hidden className="size-2 animate-pulse rounded-full bg-white" /> : null}
      {parts.join(" · ")}
    </span>
  );
}

/** The feed's own heartbeat, named as such: when the page last heard from it, not a trade's time. */
export function FeedHeartbeat({
  live,
  lastMessage,
  zone,
  className = "",
}: {
  live: boolean;
  lastMessage: number;
  zone: PageZone;
  className?: string;
}) {
  const { t } = useTranslation("market");
  const f = useFormat();
  if (!lastMessage) return <span className={className}>{t("noUpdateYet")}</span>;
  return (
    <span data-field="feed-heartbeat" data-live={String(live)} className={className}>
      {t(live ? "feed.connected" : "feed.interrupted", { time: zonedClock(f, zone, lastMessage) })}
    </span>
  );
}

/**
 * The home hero's badge: "Live" only while the feed ticks on time and the prices it shows are
 * neither all simulated nor all on closed markets; otherwise it says what is live (the feed) and
 * what is not ("Live feed · markets closed · simulated prices"), or "Delayed" when the feed is late.
 */
export function HeroFeedBadge({ live, quotes }: { live: boolean; quotes: LiveQuote[] }) {
  const { t } = useTranslation("market");
  const simulated = quotes.length > 0 && quotes.every((q) => q.freshness === "simulated");
  const closed = quotes.length > 0 && quotes.every((q) => !q.marketOpen);
  const pricesLive = live && !simulated && !closed;
  const label = !live
    ? t("status.delayed")
    : pricesLive
      ? t("status.live")
      : t(`heroFeed.${closed && simulated ? "closedSimulated" : closed ? "closed" : "simulated"}`);
  return (
    <span
      data-field="feed-status"
      data-live={String(live)}
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        pricesLive
          ? "bg-emerald-700 uppercase tracking-wide text-white"
          : live
            ? "bg-white/15 text-white ring-1 ring-white/30"
            : "bg-amber-400 uppercase tracking-wide text-slate-900"
      }`}
    >
      <span
        aria-hidden
        className={`size-2 rounded-full ${live ? "animate-pulse bg-emerald-300" : "bg-slate-900/60"}`}
      />
      {label}
    </span>
  );
}
