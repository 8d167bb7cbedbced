import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { onStreamEvent } from "~/lib/event-stream";

/** At most one reload of the portfolio a second, however many ticks arrive. */
export const LIVE_REFRESH_MS = 1_000;

/**
 * Live values: when the market stream sends a tick for a symbol the portfolio holds, the page's
 * data reloads (the server values the portfolio with the new price), throttled to once a second so
 * a busy market never floods the server.
 */
export function useLiveSnapshot(symbols: readonly string[]) {
  const { revalidate } = useRevalidator();
  const reload = useRef(revalidate);
  reload.current = revalidate;
  const key = [...symbols].sort().join(",");
  useEffect(() => {
    const held = new Set(key ? key.split(",") : []);
    if (!held.size) return;
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = () => {
      timer = undefined;
      last = Date.now();
      void reload.current();
    };
    const off = onStreamEvent("market", (msg) => {
      if (!msg.q.some((q) => held.has(q[0])) || timer) return;
      timer = setTimeout(run, Math.max(0, last + LIVE_REFRESH_MS - Date.now()));
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [key]);
}
