import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/lib/use-format";
import type { LiveQuote, QuoteStatus } from "./market-feed";
import "~/locales/market";

/** A brief green/red flash when a value changes (classes flash-up / flash-down in app.css). */
function useFlash(value: number) {
  const previous = useRef(value);
  const [flash, setFlash] = useState<{ dir: "up" | "down"; n: number } | null>(null);
  useEffect(() => {
    if (value === previous.current) return;
    const dir = value > previous.current ? "up" : "down";
    previous.current = value;
    setFlash((f) => ({ dir, n: (f?.n ?? 0) + 1 }));
  }, [value]);
  return flash;
}

/** The price, flashing on change; the key restarts the animation on every change. */
export function FlashPrice({ quote, className = "" }: { quote: LiveQuote; className?: string }) {
  const flash = useFlash(quote.price);
  const f = useFormat();
  return (
    <span
      key={flash?.n ?? 0}
      data-field="price"
      className={`rounded px-1 tabular-nums ${flash ? `flash-${flash.dir}` : ""} ${className}`}
    >
      {f.price(quote.price, quote.instrument.decimals)}
    </span>
  );
}

const trendClass = (q: LiveQuote) =>
  q.change === 0 ? "text-slate-500" : q.isPositive ? "text-up" : "text-down";

/**
 * Whether a quote has a change to show: a real previous close exists (a source without one and
 * none stored has 0), and the price is current (a stale trade's move is not today's move).
 */
export const hasChange = (q: Pick<LiveQuote, "previousClose" | "freshness">) =>
  q.previousClose > 0 && q.freshness !== "stale";

/**
 * The change since the previous close; nothing at all without one (hasChange): a price is never
 * shown with an invented "+0.00" or an old move.
 */
export function ChangeText({ quote, className = "" }: { quote: LiveQuote; className?: string }) {
  const f = useFormat();
  if (!hasChange(quote)) return null;
  return (
    <span data-field="change" className={`tabular-nums ${trendClass(quote)} ${className}`}>
      {/* Read left to right in both languages: a signed change carries bidi marks that make it
          LTR, an unsigned zero does not, so without the isolate "0.00 (0.00%)" came out reversed
          on Arabic pages next to "-0.01 (-0.02%)". The outer span keeps the row's alignment. */}
      <span dir="ltr">
        {f.change(quote.change, quote.instrument.decimals)} ({f.changePercent(quote.changePercent)})
      </span>
    </span>
  );
}

const badgeStyles: Record<QuoteStatus, string> = {
  live: "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
  delayed: "bg-amber-50 text-amber-800 ring-amber-600/30",
  closed: "bg-slate-100 text-slate-600 ring-slate-500/20",
};

/** Open / Closed per exchange, or Delayed when an open market's quote is older than two ticks. */
export function StatusBadge({ status }: { status: QuoteStatus }) {
  const { t } = useTranslation("market");
  const label =
    status === "live" ? t("status.open") : status === "delayed" ? t("status.delayed") : t("status.closed");
  return (
    <span
      data-field="status"
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${badgeStyles[status]}`}
    >
      <span
        aria-hidden
        className={`size-1.5 rounded-full ${status === "live" ? "bg-emerald-500" : status === "delayed" ? "bg-amber-500" : "bg-slate-400"}`}
      />
      {label}
    </span>
  );
}

/** The feed-wide badge: Live while ticks arrive on time, Delayed otherwise. */
export function LiveBadge({ live }: { live: boolean }) {
  const { t } = useTranslation("market");
  return (
    <span
      data-field="feed-status"
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide ${
        live ? "bg-emerald-700 text-white" : "bg-amber-400 text-slate-900"
      }`}
    >
      <span
        aria-hidden
        className={`size-2 rounded-full ${live ? "animate-pulse bg-white" : "bg-slate-900/60"}`}
      />
      {live ? t("status.live") : t("status.delayed")}
    </span>
  );
}

const freshnessStyles: Record<LiveQuote["freshness"], string> = {
  live: "bg-emerald-50 text-emerald-800 ring-emerald-600/20",
  delayed: "bg-amber-50 text-amber-900 ring-amber-600/30",
  eod: "bg-sky-50 text-sky-900 ring-sky-600/20",
  stale: "bg-red-50 text-red-800 ring-red-600/30",
  peg: "bg-teal-50 text-teal-900 ring-teal-600/20",
  simulated: "bg-violet-50 text-violet-900 ring-violet-600/30",
};

/**
 * Where a price comes from and how current it is: live, delayed by N minutes or end of day, with
 * the source's name; stale with the full date of its last trade; the official peg; or simulated.
 * Every shown price carries one, so a simulated or old price is never mistaken for a current quote.
 */
export function FreshnessBadge({ quote, className = "" }: { quote: LiveQuote; className?: string }) {
  const { t } = useTranslation("market");
  const f = useFormat();
  const source = t(`sources.${quote.source}`, { defaultValue: quote.source });
  const label =
    quote.freshness === "delayed"
      ? t("freshness.delayed", { count: quote.delayMinutes ?? 0, source })
      : t(`freshness.${quote.freshness}`, { source, date: f.date(quote.lastUpdate) });
  return (
    <span
      data-field="freshness"
      data-freshness={quote.freshness}
      title={t(`freshness.hint.${quote.freshness}`)}
      className={`inline-flex items-center whitespace-nowrap rounded px-1.5 py-0.5 text-[11px] font-medium ring-1 ring-inset ${freshnessStyles[quote.freshness]} ${className}`}
    >
      {label}
    </span>
  );
}
