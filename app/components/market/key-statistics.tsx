import type { TFunction } from "i18next";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type Figure,
  KEY_STATISTICS_ORDER,
  type KeyStatistic,
  type KeyStatistics,
  type KeyStatisticsFigures,
} from "#common/key-statistics";
import type { Format } from "~/lib/format";
import { useFormat } from "~/lib/use-format";
import type { LiveQuote } from "./market-feed";
import "~/locales/market";

type AnyFigure = Figure<unknown>;

/** Figures the page shows as "—" when absent; the others (sector, ISIN) are left out then. */
const ALWAYS_SHOWN = new Set<KeyStatistic>(["open", "previousClose", "dayRange", "range52Week", "volume"]);
const UNPUBLISHED = new Set<KeyStatistic>([
  "sharesOutstanding",
  "marketCap",
  "peRatio",
  "eps",
  "dividendYield",
]);

/** A figure's value as text, in the page's digits; money in the listing's decimals. */
function valueText(
  name: KeyStatistic,
  s: KeyStatisticsFigures,
  f: Format,
  d: number,
  t: TFunction<"market">,
) {
  switch (name) {
    case "dayRange":
    case "range52Week": {
      const v = s[name]!.value;
      return `${f.price(v.low, d)} – ${f.price(v.high, d)}`;
    }
    case "volume":
    case "averageVolume30Day":
    case "sharesOutstanding":
      return f.integer(Math.round(s[name]!.value));
    case "valueTraded":
    case "marketCap":
      return f.compact(s[name]!.value);
    case "dividendYield":
      // Two decimals: a Gulf yield is a few percent, and a whole percent would read 0.44% as "0%".
      return `${f.fixed(s[name]!.value * 100, 2)}%`;
    case "sector":
      return t(`sectors.${s.sector!.value}`, { defaultValue: s.sector!.value });
    case "exchange":
      return t(`exchanges.${s.exchange.value}`, { defaultValue: s.exchange.value });
    case "currency":
    case "isin":
      return String(s[name]!.value);
    default:
      return f.price(s[name]!.value, d);
  }
}

/** Where a figure came from and when, as one sentence for its tooltip. */
function sourceText(figure: AnyFigure, f: Format, t: TFunction<"market">) {
  if (figure.simulated) return t("keyStats.simulated");
  const known = t(`sources.${figure.source}`, { defaultValue: "" });
  const source = known || t("keyStats.listings", { key: figure.source });
  const parts = [
    figure.asOf
      ? t("keyStats.sourceOn", { source, date: f.date(figure.asOf) })
      : t("keyStats.source", { source }),
  ];
  if (figure.basis)
    parts.push(
      t("keyStats.basis", {
        count: figure.basis.sessions,
        sessions: f.integer(figure.basis.sessions),
        from: f.date(figure.basis.from),
        to: f.date(figure.basis.to),
      }),
    );
  return parts.join(" · ");
}

/**
 * The value, focusable, with its source and date in a tooltip that hover and keyboard focus show;
 * Escape hides it until the pointer or focus comes to it again (a tooltip must be dismissable without moving).
 */
function Sourced({ text, note, badge }: { text: string; note: string; badge?: string }) {
  const id = useId();
  const [dismissed, setDismissed] = useState(false);
  // Escape anywhere hides a tooltip shown by hover as well as by focus.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setDismissed(true);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return (
    <span className="group relative inline-flex items-center gap-1">
      <button
        type="button"
        aria-describedby={id}
        onFocus={() => setDismissed(false)}
        onPointerEnter={() => setDismissed(false)}
        className="cursor-help rounded underline decoration-slate-300 decoration-dotted underline-offset-4 focus:outline-2 focus:outline-brand-600"
      >
        {text}
      </button>
      {badge ? (
        <span className="rounded bg-amber-100 px-1 text-xs font-semibold text-amber-800">{badge}</span>
      ) : null}
      <span
        role="tooltip"
        id={id}
        className={`pointer-events-none invisible absolute end-0 top-full z-20 mt-1 w-64 rounded-md bg-slate-900 px-2 py-1 text-start text-xs font-normal text-white shadow-lg ${
          dismissed ? "" : "group-hover:visible group-focus-within:visible"
        }`}
      >
        {note}
      </span>
    </span>
  );
}

/**
 * The live quote's previous close and day range replace the loader's, so the one place the page
 * shows them stays current; the figure then names the quote's source and time.
 */
export function withLiveQuote(s: KeyStatisticsFigures, q: LiveQuote | undefined): KeyStatisticsFigures {
  if (!q) return s;
  const from = {
    source: q.source,
    asOf: new Date(q.lastUpdate).toISOString(),
    ...(q.freshness === "simulated" || q.source === "simulator" ? { simulated: true as const } : {}),
  };
  return {
    ...s,
    ...(q.previousClose > 0 ? { previousClose: { value: q.previousClose, ...from } } : {}),
    ...(q.dayHigh > 0 ? { dayRange: { value: { low: q.dayLow, high: q.dayHigh }, ...from } } : {}),
  };
}

function RangeBar({ position, label }: { position: number; label: string }) {
  return (
    <span
      role="img"
      aria-label={label}
      className="relative mt-1 block h-1.5 w-full rounded-full bg-slate-200"
    >
      <span
        className="absolute top-1/2 size-3 -translate-y-1/2 rounded-full border-2 border-white bg-brand-600 shadow rtl:translate-x-1/2 ltr:-translate-x-1/2"
        style={{ insetInlineStart: `${(position * 100).toFixed(1)}%` }}
      />
    </span>
  );
}

/** A company's key statistics, each naming its source and date on hover and focus. */
export function KeyStatisticsPanel({
  data,
  decimals,
  quote,
}: {
  data: KeyStatistics;
  decimals: number;
  quote?: LiveQuote;
}) {
  const { t } = useTranslation("market");
  const f = useFormat();
  const s = withLiveQuote(data.statistics, quote);
  const rows = KEY_STATISTICS_ORDER.filter(
    (name) => s[name] || ALWAYS_SHOWN.has(name) || UNPUBLISHED.has(name),
  );
  return (
    <section
      aria-labelledby="key-stats-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="key-stats-title" className="text-lg font-semibold">
        {t("keyStats.title")}
      </h2>
      <dl className="mt-2 grid gap-x-8 text-sm sm:grid-cols-2" data-testid="key-statistics">
        {rows.map((name) => {
          const figure = s[name] as AnyFigure | undefined;
          return (
            <div
              key={name}
              data-stat={name}
              className="flex justify-between gap-4 border-b border-slate-100 py-2"
            >
              <dt className="text-slate-500">{t(`keyStats.${name}`)}</dt>
              <dd className="min-w-0 text-end font-medium tabular-nums">
                {figure ? (
                  <Sourced
                    text={valueText(name, s, f, decimals, t)}
                    note={sourceText(figure, f, t)}
                    badge={figure.simulated ? t("keyStats.simulatedBadge") : undefined}
                  />
                ) : (
                  <Sourced
                    text="—"
                    note={t(UNPUBLISHED.has(name) ? "keyStats.unpublished" : "keyStats.noData")}
                  />
                )}
                {name === "range52Week" && s.range52Week ? (
                  <RangeBar
                    position={s.range52Week.value.position}
                    label={t("keyStats.position", { percent: f.percent(s.range52Week.value.position * 100) })}
                  />
                ) : null}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
