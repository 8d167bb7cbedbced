import { useEffect, useState } from "react";
import type { Bar, HistoryRange } from "#server/market/types";
import { instrumentSlug } from "../format";

/** The index each exchange's companies are compared with by default (symbols of the catalogue). */
export const EXCHANGE_INDEX: Record<string, string> = {
  TADAWUL: "TASI",
  DFM: "DFMGI",
  ADX: "FADGI",
  QSE: "QSI",
  BOURSA_KUWAIT: "BKP",
  BAHRAIN: "BHSEASI",
  MSX: "MSX30",
  ASE: "ASEGI",
};

export type Comparison =
  | { state: "loading"; symbol: string }
  | { state: "ready"; symbol: string; name: string | null; bars: Bar[] }
  | { state: "unknown"; symbol: string }
  | { state: "failed"; symbol: string };

/**
 * The compared instrument's bars over the chart's range, from the history API (its answer names
 * the instrument); an unknown symbol says so and draws nothing.
 */
export function useComparison(symbol: string | null, range: HistoryRange): Comparison | null {
  const [result, setResult] = useState<Comparison | null>(null);
  useEffect(() => {
    if (!symbol) {
      setResult(null);
      return;
    }
    const ac = new AbortController();
    setResult({ state: "loading", symbol });
    fetch(`/api/market/${encodeURIComponent(instrumentSlug(symbol))}/history?range=${range}`, {
      signal: ac.signal,
    })
      .then(async (res) => {
        if (res.status === 404) return setResult({ state: "unknown", symbol });
        if (!res.ok) throw new Error(`history ${res.status}`);
        const body = (await res.json()) as { symbol: string; bars: Bar[]; quote: { name?: string } | null };
        setResult({ state: "ready", symbol: body.symbol, name: body.quote?.name ?? null, bars: body.bars });
      })
      .catch(() => {
        if (!ac.signal.aborted) setResult({ state: "failed", symbol });
      });
    return () => ac.abort();
  }, [symbol, range]);
  return result;
}
