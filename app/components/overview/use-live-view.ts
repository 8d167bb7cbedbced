import { useEffect, useRef, useState } from "react";
import type { OverviewView } from "#common/market-overview";
import { onStreamEvent } from "~/lib/event-stream";

/**
 * The tab's figures, kept current: each tick of the live market stream asks the overview API
 * again (one request at a time; a tick arriving meanwhile is caught by the next).
 */
export function useLiveView(initial: OverviewView): OverviewView {
  const [view, setView] = useState(initial);
  const busy = useRef(false);
  useEffect(() => setView(initial), [initial]);
  useEffect(() => {
    const refresh = async () => {
      if (busy.current) return;
      busy.current = true;
      try {
        const res = await fetch(`/api/markets/overview?market=${initial.tab}`);
        if (res.ok) setView((await res.json()) as OverviewView);
      } catch {
        // The next tick asks again; the figures shown stay those of the last answer.
      } finally {
        busy.current = false;
      }
    };
    return onStreamEvent("market", () => void refresh());
  }, [initial.tab]);
  return view;
}
