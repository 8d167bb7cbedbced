import type { CompactQuote } from "../tools/quote-format";
import type { Copy } from "./copy";
import type { ReaderClock } from "./reader-time";

/** How the offline assistant writes prices: Western digits in both languages, the site's default. */
export function formatNumber(n: number, decimals = 2): string {
  return n.toLocaleString("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

function signed(n: number, decimals: number) {
  return `${n >= 0 ? "+" : "−"}${formatNumber(Math.abs(n), decimals)}`;
}

export function quoteLine(q: CompactQuote): string {
  return `**${q.symbol}** ${formatNumber(q.price, q.decimals)} (${signed(q.changePercent, 2)}%)`;
}

/** How current a list of prices is: one sentence when they agree, one per kind otherwise. */
export function freshnessNote(quotes: CompactQuote[], copy: Copy): string {
  const seen = new Map<string, CompactQuote>();
  for (const q of quotes) {
    const key = `${q.freshness}:${q.source}:${q.delayMinutes ?? ""}`;
    if (!seen.has(key)) seen.set(key, q);
  }
  const notes = [...seen.values()].map((q) =>
    copy.freshness({ freshness: q.freshness, delayMinutes: q.delayMinutes, source: q.source }),
  );
  return notes.length ? `\n\n${notes.join(" ")}` : "";
}

export function quoteParagraph(q: CompactQuote, copy: Copy, clock: ReaderClock): string {
  const label = copy.freshness({ freshness: q.freshness, delayMinutes: q.delayMinutes, source: q.source });
  return `${copy.quote({
    symbol: q.symbol,
    name: copy.name(q.symbol, q.name),
    price: formatNumber(q.price, q.decimals),
    currency: q.currency,
    direction: q.change > 0 ? "up" : q.change < 0 ? "down" : "unchanged",
    move:
      q.change === 0
        ? ""
        : `${formatNumber(Math.abs(q.change), q.decimals)} (${signed(q.changePercent, 2)}%)`,
    low: formatNumber(q.dayLow, q.decimals),
    high: formatNumber(q.dayHigh, q.decimals),
    open: q.marketOpen,
    time: clock.time(q.lastUpdate),
  })} ${label}${clock.session(q)}`;
}
