import type { IChartApi, ISeriesApi, Time, UTCTimestamp } from "lightweight-charts";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { axisTickLabel } from "~/components/market/chart/axis-time";
import { COMPARE_COLOR, MAIN_COLOR } from "~/components/market/chart/series";
import { useComparison } from "~/components/market/chart/use-comparison";
import { useChartLib } from "~/components/market/use-price-chart";
import { useFormat } from "~/lib/use-format";
import { indexLine, type LinePoint, portfolioLine } from "./performance-series";
import type { PortfolioSnapshot } from "./types";
import "~/locales/portfolio";

/** The page's theme (the `data-theme` attribute, else the system's), for the canvas's colours. */
function useDark() {
  const [dark, setDark] = useState(false);
  useEffect(() => {
    const media = matchMedia("(prefers-color-scheme: dark)");
    const read = () => {
      const theme = document.documentElement.dataset.theme;
      setDark(theme === "dark" || (theme !== "light" && media.matches));
    };
    read();
    // The reader may switch the theme (the header's toggle or the system's) while the page is open.
    const watch = new MutationObserver(read);
    watch.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
    media.addEventListener("change", read);
    return () => {
      watch.disconnect();
      media.removeEventListener("change", read);
    };
  }, []);
  return dark;
}

type Lines = { main: ISeriesApi<"Line">; index: ISeriesApi<"Line"> };

/** The chart (lightweight-charts, loaded when the box nears the viewport) with its two lines. */
function useTwoLines(box: React.RefObject<HTMLDivElement | null>, main: LinePoint[], index: LinePoint[]) {
  const lib = useChartLib(box);
  const f = useFormat();
  const dark = useDark();
  const [drawn, setDrawn] = useState<(Lines & { chart: IChartApi }) | null>(null);
  useEffect(() => {
    if (!lib || !box.current) return;
    const c = lib.createChart(box.current, {
      autoSize: true,
      layout: {
        background: { color: dark ? "#0f172a" : "#ffffff" },
        textColor: dark ? "#cbd5e1" : "#334155",
        attributionLogo: false,
      },
      grid: {
        vertLines: { color: dark ? "#1e293b" : "#f1f5f9" },
        horzLines: { color: dark ? "#1e293b" : "#f1f5f9" },
      },
      // Axis and crosshair in the page's language and digits; a point is a day, so no time.
      timeScale: {
        fixLeftEdge: true,
        fixRightEdge: true,
        tickMarkFormatter: (time: Time, type: number) => axisTickLabel(f, Number(time), 0, type),
      },
      localization: {
        priceFormatter: (p: number) => f.fixed(p, 2),
        timeFormatter: (time: Time) => f.date(Number(time) * 1000),
      },
    });
    setDrawn({
      chart: c,
      main: c.addSeries(lib.LineSeries, { color: MAIN_COLOR, lineWidth: 2 }),
      index: c.addSeries(lib.LineSeries, { color: COMPARE_COLOR, lineWidth: 2 }),
    });
    return () => {
      setDrawn(null);
      c.remove();
    };
  }, [lib, box, f, dark]);
  useEffect(() => {
    if (!drawn) return;
    const asTime = (points: LinePoint[]) =>
      points.map((p) => ({ time: p.time as UTCTimestamp, value: p.value }));
    drawn.main.setData(asTime(main));
    drawn.index.setData(asTime(index));
    drawn.chart.timeScale().fitContent();
  }, [drawn, main, index]);
  return Boolean(lib);
}

/** The portfolio's time-weighted index against an index of the reader's choice, both from 100. */
export function PerformanceChart({ snapshot, compare }: { snapshot: PortfolioSnapshot; compare: string }) {
  const { t } = useTranslation("portfolio");
  // The chart's hooks start with its box: it mounts once there is a line to draw.
  if (snapshot.series.length < 2)
    return <p className="text-sm text-slate-600">{t("performance.noSeries")}</p>;
  return <TwoLineChart snapshot={snapshot} compare={compare} />;
}

function TwoLineChart({ snapshot, compare }: { snapshot: PortfolioSnapshot; compare: string }) {
  const { t } = useTranslation("portfolio");
  const f = useFormat();
  const box = useRef<HTMLDivElement>(null);
  const comparison = useComparison(compare, "1Y");
  const [main, setMain] = useState<LinePoint[]>([]);
  const [index, setIndex] = useState<LinePoint[]>([]);
  useEffect(() => setMain(portfolioLine(snapshot.series)), [snapshot.series]);
  const from = snapshot.series[0]?.date;
  useEffect(() => {
    setIndex(comparison?.state === "ready" ? indexLine(comparison.bars, from) : []);
  }, [comparison, from]);
  const drawn = useTwoLines(box, main, index);
  const lastMain = main.at(-1)?.value;
  const lastIndex = index.at(-1)?.value;
  if (snapshot.series.length < 2)
    return <p className="text-sm text-slate-600">{t("performance.noSeries")}</p>;
  return (
    <figure className="flex flex-col gap-2" data-testid="performance-chart" data-compare={compare}>
      <figcaption className="text-sm text-slate-700">{t("performance.chart")}</figcaption>
      <div
        ref={box}
        className="h-64 w-full"
        dir="ltr"
        role="img"
        aria-label={t("performance.chart")}
        data-drawn={drawn && index.length > 0 ? "true" : "false"}
      />
      <ul className="flex flex-wrap gap-4 text-sm">
        <li className="flex items-center gap-1.5">
          <span aria-hidden className="inline-block h-0.5 w-4" style={{ backgroundColor: MAIN_COLOR }} />
          {t("performance.portfolio")}
          {lastMain === undefined ? null : <span className="tabular-nums">{f.fixed(lastMain, 2)}</span>}
        </li>
        <li className="flex items-center gap-1.5" data-testid="compare-legend">
          <span aria-hidden className="inline-block h-0.5 w-4" style={{ backgroundColor: COMPARE_COLOR }} />
          <span dir="ltr">{compare}</span>
          {lastIndex === undefined ? null : <span className="tabular-nums">{f.fixed(lastIndex, 2)}</span>}
        </li>
      </ul>
      {comparison?.state === "failed" || comparison?.state === "unknown" ? (
        <p className="text-sm text-amber-800">{t("performance.indexUnavailable")}</p>
      ) : null}
    </figure>
  );
}
