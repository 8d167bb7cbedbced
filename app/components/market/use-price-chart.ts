import type { IChartApi, ISeriesApi, SeriesType, Time, UTCTimestamp } from "lightweight-charts";
import { useEffect, useRef, useState } from "react";
import type { Bar, HistoryRange } from "#server/market/types";
import type { Format } from "~/lib/format";
import { useFormat } from "~/lib/use-format";
import { instrumentSlug } from "./format";
import type { LiveQuote } from "./market-feed";
import type { PageZone } from "./price-state";
import { SIMULATED_CANDLE } from "./simulated-bars-note";

export type ChartLib = typeof import("lightweight-charts");

/** Bars carry UTC seconds; business-day objects never occur here but are typed by the library. */
const msOf = (time: Time) => (typeof time === "number" ? time * 1000 : Date.parse(String(time)));
// lightweight-charts' TickMarkType: Year, Month, DayOfMonth, Time, TimeWithSeconds.
const TICK_UNITS = ["year", "month", "day", "time", "time"] as const;

/**
 * Axis and crosshair labels in the page's language and digits, and in the page's time zone (the
 * exchange's local time on an instrument page), which the caption under the chart names. English
 * prices keep the library's plain decimals.
 */
function chartLocalization(f: Format, decimals: number, offsetMinutes: number) {
  const shifted = (time: Time) => msOf(time) + offsetMinutes * 60_000;
  return {
    localization: {
      priceFormatter:
        f.lang === "en" && f.digits === "latn"
          ? (p: number) => p.toFixed(decimals)
          : (p: number) => f.price(p, decimals),
      timeFormatter: (time: Time) => f.dateTime(shifted(time)),
    },
    timeScale: {
      tickMarkFormatter: (time: Time, type: number) => f.axis(shifted(time), TICK_UNITS[type] ?? "time"),
    },
  };
}

/** Fetches a range's bars from GET /api/market/:symbol/history. */
async function fetchHistory(symbol: string, range: HistoryRange, signal: AbortSignal): Promise<Bar[]> {
  const res = await fetch(`/api/market/${instrumentSlug(symbol)}/history?range=${range}`, { signal });
  if (!res.ok) throw new Error(`history ${res.status}`);
  return ((await res.json()) as { bars: Bar[] }).bars;
}

/** The chart library touches window: it is loaded after hydration, once. */
export function useChartLib() {
  const [lib, setLib] = useState<ChartLib | null>(null);
  useEffect(() => {
    let alive = true;
    import("lightweight-charts").then((m) => alive && setLib(m));
    return () => {
      alive = false;
    };
  }, []);
  return lib;
}

/**
 * A range's bars: the loader already gave the opening range's bars; later ranges come from the
 * history API (null while they load, none when it fails).
 */
export function useRangeBars(
  symbol: string,
  range: HistoryRange,
  initial: Bar[],
  initialRange: HistoryRange,
  onError: (failed: boolean) => void,
) {
  const [bars, setBars] = useState<Bar[] | null>(initial);
  const loaderRange = useRef<HistoryRange | null>(initialRange);
  useEffect(() => {
    const given = loaderRange.current === range;
    loaderRange.current = null;
    if (given) return;
    const ac = new AbortController();
    setBars(null);
    fetchHistory(symbol, range, ac.signal).then(
      (b) => {
        onError(false);
        setBars(b);
      },
      (err) => {
        if (ac.signal.aborted) return;
        console.warn("market history failed", err);
        onError(true);
        setBars([]);
      },
    );
    return () => ac.abort();
  }, [symbol, range, onError]);
  return bars;
}

/**
 * The chart drawn in the returned box: an area for intraday ranges, candlesticks for daily ones;
 * on 1D the live price extends the current minute.
 */
export function useLightweightChart({
  lib,
  bars,
  range,
  decimals,
  zone,
  quote,
}: {
  lib: ChartLib | null;
  bars: Bar[] | null;
  range: HistoryRange;
  decimals: number;
  zone: PageZone;
  quote: LiveQuote | undefined;
}) {
  const f = useFormat();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<SeriesType> | null>(null);
  const lastTime = useRef(0);

  // One chart per mount; series are swapped when the range or its bars change.
  useEffect(() => {
    if (!lib || !box.current) return;
    const labels = chartLocalization(f, decimals, zone.offsetMinutes);
    const c = lib.createChart(box.current, {
      autoSize: true,
      layout: { background: { color: "#ffffff" }, textColor: "#334155", attributionLogo: false },
      grid: { vertLines: { color: "#f1f5f9" }, horzLines: { color: "#f1f5f9" } },
      rightPriceScale: { borderColor: "#e2e8f0" },
      timeScale: { borderColor: "#e2e8f0", timeVisible: true, secondsVisible: false, ...labels.timeScale },
      localization: labels.localization,
    });
    chart.current = c;
    return () => {
      c.remove();
      chart.current = null;
      series.current = null;
    };
  }, [lib, decimals, f, zone.offsetMinutes]);

  useEffect(() => {
    const c = chart.current;
    if (!lib || !c || !bars) return;
    if (series.current) c.removeSeries(series.current);
    const daily = range === "1M" || range === "1Y";
    const up = "#059669";
    const down = "#dc2626";
    if (daily) {
      const s = c.addSeries(lib.CandlestickSeries, {
        upColor: up,
        downColor: down,
        borderVisible: false,
        wickUpColor: up,
        wickDownColor: down,
      });
      // A bar the simulator made is drawn in the muted colours of the "Simulated" label.
      s.setData(
        bars.map(({ simulated, ...b }) => ({
          ...b,
          time: b.time as UTCTimestamp,
          ...(simulated ? SIMULATED_CANDLE : {}),
        })),
      );
      series.current = s;
    } else {
      const s = c.addSeries(lib.AreaSeries, {
        lineColor: "#1f6fb2",
        topColor: "rgba(31, 111, 178, 0.35)",
        bottomColor: "rgba(31, 111, 178, 0.02)",
        lineWidth: 2,
      });
      s.setData(bars.map((b) => ({ time: b.time as UTCTimestamp, value: b.close })));
      series.current = s;
    }
    lastTime.current = bars.at(-1)?.time ?? 0;
    c.timeScale().fitContent();
  }, [lib, bars, range]);

  // Live: the latest price extends the current minute of the intraday chart.
  const price = quote?.price;
  const at = quote?.lastUpdate;
  useEffect(() => {
    const s = series.current;
    if (range !== "1D" || !s || price === undefined || !at) return;
    const minute = Math.floor(at / 60_000) * 60;
    if (minute < lastTime.current) return;
    lastTime.current = minute;
    (s as ISeriesApi<"Area">).update({ time: minute as UTCTimestamp, value: price });
  }, [range, price, at]);
  return box;
}
