import { useEffect, useState } from "react";
import type { QuoteSummary } from "#common/alert-holds";
import { onStreamEvent } from "~/lib/event-stream";

/**
 * The last quotes of these instruments (listed companies too), fetched from
 * GET /api/market?symbols= and then kept current by the live stream's market ticks. The alerts
 * page's own data carries no prices (its render is remembered while its data stays the same).
 */
export function useQuotes(symbols: readonly string[]): ReadonlyMap<string, QuoteSummary> {
  const key = [...new Set(symbols.map((s) => s.trim().toUpperCase()).filter(Boolean))].sort().join(",");
  // The quotes with the symbols they answer: an answer for other symbols is never shown.
  const [state, setState] = useState<{ key: string; quotes: ReadonlyMap<string, QuoteSummary> }>({
    key: "",
    quotes: new Map(),
  });
  useEffect(() => {
    if (!key) return;
    const abort = new AbortController();
    fetch(`/api/market?symbols=${encodeURIComponent(key)}`, {
      signal: abort.signal,
      headers: { accept: "application/json" },
    })
      .then((res) => (res.ok ? (res.json() as Promise<{ quotes: QuoteSummary[] }>) : null))
      .then((body) => {
        if (body) setState({ key, quotes: new Map(body.quotes.map((q) => [q.symbol, q])) });
      })
      // Without prices the page only leaves out what it would say about them.
      .catch(() => {});
    const off = onStreamEvent("market", (msg) =>
      setState((old) => {
        let next: Map<string, QuoteSummary> | null = null;
        for (const [symbol, price, , , , , , freshness] of msg.q) {
          const q = old.quotes.get(symbol);
          if (!q || (q.price === price && q.freshness === freshness)) continue;
          next ??= new Map(old.quotes);
          next.set(symbol, { ...q, price, freshness: freshness ?? "simulated" });
        }
        return next ? { key: old.key, quotes: next } : old;
      }),
    );
    return () => {
      abort.abort();
      off();
    };
  }, [key]);
  return state.key === key && key ? state.quotes : EMPTY;
}

const EMPTY: ReadonlyMap<string, QuoteSummary> = new Map();
