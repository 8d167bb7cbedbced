import { useEffect, useRef, useState } from "react";
import type { InstrumentSummary } from "#common/instruments";

export interface InstrumentOption {
  symbol: string;
  name: string;
  nameAr?: string;
  exchange?: string;
}

const SEARCH_DELAY_MS = 150;
export const MAX_OPTIONS = 8;

function fromSummary(i: InstrumentSummary): InstrumentOption {
  // The API falls back to the English name when no Arabic one is known: show it once.
  return {
    symbol: i.symbol,
    name: i.name,
    nameAr: i.nameAr === i.name ? undefined : i.nameAr,
    exchange: i.exchange,
  };
}

/**
 * The instruments matching the typed text while the list is open (GET /api/instruments), asked
 * once the typing pauses; an older question is dropped when a newer one goes out. `onAnswer`
 * runs with each answer (the picker clears its highlighted option). `results` is null until the
 * first answer.
 */
export function useInstrumentSearch(query: string, open: boolean, onAnswer: () => void) {
  const [results, setResults] = useState<InstrumentOption[] | null>(null);
  const [loading, setLoading] = useState(false);
  const request = useRef<AbortController | null>(null);
  const answered = useRef(onAnswer);
  answered.current = onAnswer;

  useEffect(() => {
    if (!query || !open) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      request.current?.abort();
      request.current = controller;
      setLoading(true);
      fetch(`/api/instruments?${new URLSearchParams({ q: query, limit: String(MAX_OPTIONS) })}`, {
        signal: controller.signal,
        headers: { accept: "application/json" },
      })
        .then((res) => (res.ok ? res.json() : { instruments: [] }))
        .then((body: { instruments?: InstrumentSummary[] }) => {
          setResults((body.instruments ?? []).map(fromSummary));
          answered.current();
        })
        .catch(() => {
          if (!controller.signal.aborted) setResults([]);
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, open]);

  return { results, loading };
}
