import { useEffect, useRef, useState } from "react";
import type { Heatmap, HeatmapChanges } from "#common/heatmap";
import { onStreamEvent } from "~/lib/event-stream";

/**
 * The heatmap's changes, kept current: each tick of the live market stream asks for the tiles'
 * changes again (one request at a time) and recolours and relabels the tiles in place. The layout
 * stays as the page drew it, so no tile jumps under the reader's pointer.
 */
export function useLiveHeatmap(initial: Heatmap): Heatmap {
  const [map, setMap] = useState(initial);
  const busy = useRef(false);
  useEffect(() => setMap(initial), [initial]);
  useEffect(() => {
    const refresh = async () => {
      if (busy.current) return;
      busy.current = true;
      try {
        const res = await fetch(`/api/markets/heatmap?market=${initial.tab}&period=${initial.period}`);
        if (!res.ok) return;
        const { changes } = (await res.json()) as { changes: HeatmapChanges };
        setMap((m) => ({
          ...m,
          tiles: m.tiles.map((t) => (t.symbol in changes ? { ...t, change: changes[t.symbol] ?? null } : t)),
        }));
      } catch {
        // The next tick asks again; the tiles keep the last answer's changes.
      } finally {
        busy.current = false;
      }
    };
    return onStreamEvent("market", () => void refresh());
  }, [initial.tab, initial.period]);
  return map;
}
