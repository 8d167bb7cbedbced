import type { IChartApi, ISeriesApi, SeriesType, UTCTimestamp } from "lightweight-charts";
import type { Bar } from "#server/market/types";
import { simulatedCandle } from "../simulated-bars-note";
import {
  COMPARE_COLOR,
  comparison,
  DOWN,
  MA_PERIODS,
  MAIN_COLOR,
  maPoints,
  type Point,
  rsiPoints,
  UP,
  volumePoints,
} from "./series";

export type ChartLib = typeof import("lightweight-charts");
export type ChartStyle = "candles" | "line";

/** What the reader chose to see. */
export interface ChartView {
  style: ChartStyle;
  movingAverages: boolean;
  rsi: boolean;
  /** Another instrument's bars over the same range: both are drawn as % change. */
  compare: Bar[] | null;
}

export interface Drawn {
  /** The price series the live quote extends (none while comparing). */
  main: ISeriesApi<SeriesType> | null;
  all: ISeriesApi<SeriesType>[];
}

const ts = <T extends { time: number }>(p: T) => ({ ...p, time: p.time as UTCTimestamp });

function drawPrice(lib: ChartLib, c: IChartApi, bars: Bar[], style: ChartStyle) {
  if (style === "line") {
    const s = c.addSeries(lib.LineSeries, { color: MAIN_COLOR, lineWidth: 2 });
    s.setData(bars.map((b) => ts({ time: b.time, value: b.close })));
    return s;
  }
  const s = c.addSeries(lib.CandlestickSeries, {
    upColor: UP,
    downColor: DOWN,
    borderUpColor: UP,
    borderDownColor: DOWN,
    wickUpColor: UP,
    wickDownColor: DOWN,
  });
  // A bar the simulator made is drawn in the colours of the "Simulated" label.
  s.setData(
    bars.map(({ simulated, volume: _v, ...b }) =>
      ts({ ...b, ...(simulated ? simulatedCandle(b.close >= b.open) : {}) }),
    ),
  );
  return s;
}

/** Volume beneath the price, on its own scale in the bottom fifth of the pane. */
function drawVolume(lib: ChartLib, c: IChartApi, bars: Bar[]) {
  const data = volumePoints(bars);
  if (data.length === 0) return null;
  const s = c.addSeries(lib.HistogramSeries, {
    priceScaleId: "volume",
    priceFormat: { type: "volume" },
    lastValueVisible: false,
    priceLineVisible: false,
  });
  s.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
  s.setData(data.map(ts));
  return s;
}

function drawLine(lib: ChartLib, c: IChartApi, data: Point[], color: string, pane = 0) {
  const s = c.addSeries(
    lib.LineSeries,
    { color, lineWidth: 2, priceLineVisible: false, crosshairMarkerVisible: false },
    pane,
  );
  s.setData(data.map(ts));
  return s;
}

/** RSI(14) in a pane of its own under the price, with its 30 and 70 lines. */
function drawRsi(lib: ChartLib, c: IChartApi, bars: Bar[]) {
  const s = drawLine(lib, c, rsiPoints(bars), "#0f766e", 1);
  for (const price of [30, 70])
    s.createPriceLine({ price, color: "#94a3b8", lineWidth: 1, lineStyle: 2, axisLabelVisible: true });
  c.panes()[1]?.setStretchFactor(0.3);
  return s;
}

/** Draws the view's series on an empty chart. */
export function drawView(lib: ChartLib, c: IChartApi, bars: Bar[], view: ChartView): Drawn {
  const all: ISeriesApi<SeriesType>[] = [];
  let main: ISeriesApi<SeriesType> | null = null;
  const compared = view.compare ? comparison(bars, view.compare) : null;
  if (compared) {
    all.push(drawLine(lib, c, compared.main, MAIN_COLOR));
    all.push(drawLine(lib, c, compared.other, COMPARE_COLOR));
  } else {
    main = drawPrice(lib, c, bars, view.style);
    all.push(main);
    if (view.movingAverages)
      for (const { period, color } of MA_PERIODS) all.push(drawLine(lib, c, maPoints(bars, period), color));
  }
  const volume = drawVolume(lib, c, bars);
  if (volume) all.push(volume);
  if (view.rsi) all.push(drawRsi(lib, c, bars));
  return { main, all };
}

/** Removes every series and the panes they leave empty. */
export function clearView(c: IChartApi, drawn: Drawn | null) {
  for (const s of drawn?.all ?? []) c.removeSeries(s);
  for (let i = c.panes().length - 1; i > 0; i--) c.removePane(i);
}
