import { useTranslation } from "react-i18next";
import { figureValue } from "#common/calendar-options";
import type { CalendarEventView } from "./calendar-view";
import "~/locales/calendar";

const W = 600;
const H = 180;
const PAD = { top: 16, right: 16, bottom: 28, left: 48 };

/**
 * Past releases as a small chart: actual (solid) and forecast (dashed), oldest on the left (right
 * in Arabic, as the page reads). An SVG rendered on the server, so it needs no script; the table
 * below it carries the same figures for screen readers.
 */
export function HistoryChart({ history }: { history: CalendarEventView[] }) {
  const { t } = useTranslation("calendar");
  const points = [...history].reverse().map((h) => ({
    date: h.date,
    actual: figureValue(h.actual),
    forecast: figureValue(h.forecast),
  }));
  const values = points.flatMap((p) => [p.actual, p.forecast]).filter((v): v is number => v !== null);
  if (values.length === 0) return null;
  let min = Math.min(...values);
  let max = Math.max(...values);
  if (min === max) {
    min -= 1;
    max += 1;
  }
  const x = (i: number) =>
    PAD.left +
    (points.length === 1
      ? (W - PAD.left - PAD.right) / 2
      : (i * (W - PAD.left - PAD.right)) / (points.length - 1));
  const y = (v: number) => PAD.top + ((max - v) * (H - PAD.top - PAD.bottom)) / (max - min);
  const line = (key: "actual" | "forecast") =>
    points
      .map((p, i) => (p[key] === null ? null : `${x(i).toFixed(1)},${y(p[key]!).toFixed(1)}`))
      .filter(Boolean)
      .join(" ");
  const label = (v: number) => String(Number(v.toPrecision(4)));
  return (
    <figure className="mt-3 rounded-lg border border-slate-200 bg-white p-3">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full max-w-2xl rtl:-scale-x-100"
        role="img"
        aria-label={t("event.chartLabel", { count: points.length })}
        data-testid="history-chart"
      >
        {[min, (min + max) / 2, max].map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} className="stroke-slate-200" />
            <text
              x={PAD.left - 6}
              y={y(v) + 4}
              textAnchor="end"
              className="fill-slate-500 text-[11px] rtl:-scale-x-100"
              style={{ transformBox: "fill-box", transformOrigin: "center" }}
            >
              {label(v)}
            </text>
          </g>
        ))}
        <polyline
          points={line("forecast")}
          fill="none"
          strokeWidth={2}
          strokeDasharray="6 4"
          className="stroke-slate-400"
        />
        <polyline points={line("actual")} fill="none" strokeWidth={2.5} className="stroke-brand-600" />
        {points.map((p, i) =>
          p.actual === null ? null : (
            <circle
              key={p.date}
              cx={x(i)}
              cy={y(p.actual)}
              r={4}
              className="fill-brand-600"
              data-actual={p.actual}
            />
          ),
        )}
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-xs text-slate-600">
        <span className="inline-flex items-center gap-1">
          <span aria-hidden className="inline-block h-0.5 w-5 bg-brand-600" />
          {t("actual")}
        </span>
        <span className="inline-flex items-center gap-1">
          <span aria-hidden className="inline-block h-0.5 w-5 border-t-2 border-dashed border-slate-400" />
          {t("forecastLegend")}
        </span>
      </figcaption>
    </figure>
  );
}
