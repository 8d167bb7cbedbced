import type { IChartApi, ISeriesApi, Time, UTCTimestamp } from "lightweight-charts";
import { type RefObject, useEffect, useRef, useState } from "react";
import type { Bar, HistoryRange } from "#server/market/types";
import type { Format } from "~/lib/format";
import { useFormat } from "~/lib/use-format";
import { axisTickLabel, crosshairLabel } from "./chart/axis-time";
import { type ChartLib, type ChartView, clearView, type Drawn, drawView } from "./chart/draw";
import { instrumentSlug } from "./format";
import type { LiveQuote } from "./market-feed";
import type { PageZone } from "./price-state";

/**
 * Axis and crosshair labels in the page's language and digits, and in the page's time zone (the
 * exchange's local time on an instrument page), which the caption under the chart names. English
 * prices keep the library's plain decimals.
 */
function chartLocalization(f: Format, decimals: number, offsetMinutes: number, daily: boolean) {
  const seconds = (time: Time) => (typeof time === "number" ? time : Date.parse(String(time)) / 1000);
  return {
    localization: {
      priceFormatter: priceFormatter(f, decimals),
      // A daily bar stands for a trading date, not a moment: the crosshair names the date only.
      timeFormatter: (time: Time) =>
        daily ? f.date(seconds(time) * 1000) : crosshairLabel(f, seconds(time), offsetMinutes),
    },
    timeScale: {
      tickMarkFormatter: (time: Time, type: number) => axisTickLabel(f, seconds(time), offsetMinutes, type),
    },
  };
}

/** Prices in the listing's decimals; a comparison's axis in signed percent. */
function priceFormatter(f: Format, decimals: number, percent = false) {
  if (percent) return (p: number) => f.changePercent(p);
  return f.lang === "en" && f.digits === "latn"
    ? (p: number) => p.toFixed(decimals)
    : (p: number) => f.price(p, decimals);
}

/** A range's bars, and whether they were adjusted for splits and bonus shares. */
export interface RangeBars {
  bars: Bar[] | null;
  adjustedForSplits: boolean;
}

/** Fetches a range's bars from GET /api/market/:symbol/history. */
async function fetchHistory(symbol: string, range: HistoryRange, signal: AbortSignal): Promise<RangeBars> {
  const res = await fetch(`/api/market/${instrumentSlug(symbol)}/history?range=${range}`, { signal });
  if (!res.ok) throw new Error(`history ${res.status}`);
  const body = (await res.json()) as { bars: Bar[]; adjustedForSplits?: boolean };
  return { bars: body.bars, adjustedForSplits: body.adjustedForSplits === true };
}

/**
 * The chart library touches window: it is loaded after hydration, once, when the chart's box comes
 * near the viewport (a phone reader who never scrolls to it never downloads it).
 */
export function useChartLib(box: RefObject<HTMLElement | null>) {
  const [lib, setLib] = useState<ChartLib | null>(null);
  useEffect(() => {
    let alive = true;
    const load = () => import("lightweight-charts").then((m) => alive && setLib(m));
    const el = box.current;
    if (!el || typeof IntersectionObserver === "undefined") {
      load();
      return () => {
        alive = false;
      };
    }
    const seen = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        seen.disconnect();
        load();
      },
      { rootMargin: "200px" },
    );
    seen.observe(el);
    return () => {
      alive = false;
      seen.disconnect();
    };
  }, [box]);
  return lib;
}

/**
 * A range's bars: the loader already gave the opening range's bars; later ranges come from the
 * history API (null while they load, none when it fails), each saying whether it was adjusted for
 * splits.
 */
export function useRangeBars(
  symbol: string,
  range: HistoryRange,
  initial: RangeBars,
  initialRange: HistoryRange,
  onError: (failed: boolean) => void,
): RangeBars {
  const [bars, setBars] = useState<RangeBars>(initial);
  const loaderRange = useRef<HistoryRange | null>(initialRange);
  useEffect(() => {
    const given = loaderRange.current === range;
    loaderRange.current = null;
    if (given) return;
    const ac = new AbortController();
    setBars({ bars: null, adjustedForSplits: false });
    fetchHistory(symbol, range, ac.signal).then(
      (b) => {
        onError(false);
        setBars(b);
      },
      (err) => {
        if (ac.signal.aborted) return;
        console.warn("market history failed", err);
        onError(true);
        setBars({ bars: [], adjustedForSplits: false });
      },
    );
    return () => ac.abort();
  }, [symbol, range, onError]);
  return bars;
}

/**
 * The chart drawn in `box`: the reader's view (candles or line, averages, RSI, a comparison) over
 * the range's bars, volume beneath; on 1D the live price extends the current minute.
 */
export function useLightweightChart({
  lib,
  box,
  bars,
  range,
  decimals,
  zone,
  quote,
  view,
}: {
  lib: ChartLib | null;
  box: RefObject<HTMLDivElement | null>;
  bars: Bar[] | null;
  range: HistoryRange;
  decimals: number;
  zone: PageZone;
  quote: LiveQuote | undefined;
  view: ChartView;
}) {
  const f = useFormat();
  const chart = useRef<IChartApi | null>(null);
  const drawn = useRef<Drawn | null>(null);
  const last = useRef<Bar | null>(null);
  const [ready, setReady] = useState<IChartApi | null>(null);
  const daily = range === "1M" || range === "1Y";

  // One chart per mount (and per language or zone); the series are redrawn when the view changes.
  useEffect(() => {
    if (!lib || !box.current) return;
    const labels = chartLocalization(f, decimals, zone.offsetMinutes, daily);
    const c = lib.createChart(box.current, {
      autoSize: true,
      layout: { background: { color: "#ffffff" }, textColor: "#334155", attributionLogo: false },
      grid: { vertLines: { color: "#f1f5f9" }, horzLines: { color: "#f1f5f9" } },
      rightPriceScale: { borderColor: "#e2e8f0" },
      // The first bar sits at the left edge, so its label is never cut off outside the box.
      timeScale: {
        borderColor: "#e2e8f0",
        timeVisible: true,
        secondsVisible: false,
        fixLeftEdge: true,
        fixRightEdge: true,
        ...labels.timeScale,
      },
      localization: labels.localization,
    });
    chart.current = c;
    setReady(c);
    return () => {
      c.remove();
      chart.current = null;
      drawn.current = null;
      setReady(null);
    };
  }, [lib, box, decimals, f, zone.offsetMinutes, daily]);

  useEffect(() => {
    const c = ready;
    if (!lib || !c || !bars) return;
    clearView(c, drawn.current);
    c.applyOptions({ localization: { priceFormatter: priceFormatter(f, decimals, view.compare !== null) } });
    drawn.current = drawView(lib, c, bars, view);
    last.current = bars.at(-1) ?? null;
    c.timeScale().fitContent();
  }, [lib, ready, bars, view, f, decimals]);

  useLiveMinute(range === "1D" ? drawn : null, last, view.style, quote);
}

/** Live: the latest price extends (or opens) the current minute of the intraday chart. */
function useLiveMinute(
  drawn: RefObject<Drawn | null> | null,
  last: RefObject<Bar | null>,
  style: ChartView["style"],
  quote: LiveQuote | undefined,
) {
  const price = quote?.price;
  const at = quote?.lastUpdate;
  useEffect(() => {
    const s = drawn?.current?.main;
    if (!s || price === undefined || !at) return;
    const minute = Math.floor(at / 60_000) * 60;
    const prev = last.current;
    if (prev && minute < prev.time) return;
    const bar: Bar =
      prev && prev.time === minute
        ? { ...prev, high: Math.max(prev.high, price), low: Math.min(prev.low, price), close: price }
        : { time: minute, open: price, high: price, low: price, close: price };
    last.current = bar;
    const time = minute as UTCTimestamp;
    if (style === "line") (s as ISeriesApi<"Line">).update({ time, value: price });
    else
      (s as ISeriesApi<"Candlestick">).update({
        time,
        open: bar.open,
        high: bar.high,
        low: bar.low,
        close: bar.close,
      });
  }, [drawn, last, style, price, at]);
}
