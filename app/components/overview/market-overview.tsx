import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  type IndexView,
  type MarketSummary,
  OVERVIEW_TABS,
  type OverviewTab,
  type OverviewView,
} from "#common/market-overview";
import { Link } from "~/components/link";
import { instrumentSlug } from "~/components/market/format";
import { Sparkline } from "~/components/market/sparkline";
import { useFormat } from "~/lib/use-format";
import { changeClass, type MoverList, MoverTable } from "./movers";
import { SectorTable } from "./sectors";
import { useLiveView } from "./use-live-view";
import "~/locales/overview";

const CURRENCY: Record<Exclude<OverviewTab, "GCC">, string> = {
  TADAWUL: "SAR",
  NOMU: "SAR",
  DFM: "AED",
  ADX: "AED",
  QSE: "QAR",
  BOURSA_KUWAIT: "KWD",
  BAHRAIN: "BHD",
  MSX: "OMR",
  ASE: "JOD",
};
const LISTS: MoverList[] = ["gainers", "losers", "activeByValue", "activeByVolume"];

function Tabs({ active }: { active: OverviewTab }) {
  const { t } = useTranslation("overview");
  return (
    <nav
      aria-label={t("tabsLabel")}
      className="mb-4 flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-700"
    >
      {OVERVIEW_TABS.map((tab) => (
        <Link
          key={tab}
          to={tab === "GCC" ? "/markets" : `/markets?market=${tab}`}
          aria-current={tab === active ? "page" : undefined}
          className={`rounded-t px-3 py-2 text-sm font-medium ${tab === active ? "bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900" : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"}`}
        >
          {t(`tabs.${tab}`)}
        </Link>
      ))}
    </nav>
  );
}

function IndexCard({ index, spark }: { index: IndexView; spark?: string }) {
  const { t, i18n } = useTranslation("overview");
  const f = useFormat();
  return (
    <div className="rounded-lg border border-slate-200 p-3 dark:border-slate-700" data-testid="index">
      <Link
        to={`/markets/${instrumentSlug(index.symbol)}`}
        className="font-semibold text-sky-800 hover:underline dark:text-sky-300"
      >
        {i18n.language === "ar" ? index.nameAr : index.name}
      </Link>
      <p className="text-xl font-bold tabular-nums">{f.fixed(index.price, 2)}</p>
      <p className={`flex items-center gap-2 tabular-nums ${changeClass(index.changePercent)}`}>
        {index.changePercent === null ? "—" : f.changePercent(index.changePercent)}
        <Sparkline points={spark} />
      </p>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        <span data-testid="session">{index.openNow ? t("open") : t("closed")}</span>
        {!index.openNow && index.nextOpenAt
          ? ` · ${t("nextOpen", { time: f.gmtDayTime(index.nextOpenAt) })}`
          : ""}
        {index.freshness === "simulated" ? ` · ${t("simulated")}` : ""}
      </p>
    </div>
  );
}

function Breadth({ s }: { s: MarketSummary }) {
  const { t } = useTranslation("overview");
  const f = useFormat();
  const counted = s.advancers + s.decliners + s.unchanged;
  const pct = (n: number) => (counted ? (n / counted) * 100 : 0);
  return (
    <section className="rounded-lg border border-slate-200 p-3 dark:border-slate-700" data-testid="breadth">
      <h2 className="mb-2 font-semibold">{t("breadth")}</h2>
      <div
        className="flex h-3 overflow-hidden rounded bg-slate-200 dark:bg-slate-700"
        role="img"
        aria-label={t("breadthBar", {
          advancers: f.integer(s.advancers),
          decliners: f.integer(s.decliners),
          unchanged: f.integer(s.unchanged),
        })}
      >
        <div className="bg-emerald-600" style={{ width: `${pct(s.advancers)}%` }} />
        <div className="bg-slate-400" style={{ width: `${pct(s.unchanged)}%` }} />
        <div className="bg-red-600" style={{ width: `${pct(s.decliners)}%` }} />
      </div>
      <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-slate-500">{t("advancers")}</dt>
          <dd className="font-semibold text-emerald-700 dark:text-emerald-400" data-testid="advancers">
            {f.integer(s.advancers)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("unchanged")}</dt>
          <dd className="font-semibold" data-testid="unchanged">
            {f.integer(s.unchanged)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("decliners")}</dt>
          <dd className="font-semibold text-red-700 dark:text-red-400" data-testid="decliners">
            {f.integer(s.decliners)}
          </dd>
        </div>
      </dl>
      {s.noChange > 0 ? (
        <p className="mt-1 text-xs text-slate-500">
          {t("noChange")}: {f.integer(s.noChange)}
        </p>
      ) : null}
    </section>
  );
}

function Traded({ s, tab }: { s: MarketSummary; tab: OverviewTab }) {
  const { t } = useTranslation("overview");
  const f = useFormat();
  return (
    <section className="rounded-lg border border-slate-200 p-3 dark:border-slate-700" data-testid="traded">
      <h2 className="mb-2 font-semibold">{t("traded")}</h2>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-slate-500">{t("valueTraded")}</dt>
          <dd className="font-semibold tabular-nums" data-testid="value-traded">
            {f.compact(s.valueTraded)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("volume")}</dt>
          <dd className="font-semibold tabular-nums">{f.compact(s.volume)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("newHighs")}</dt>
          <dd className="font-semibold" data-testid="new-highs">
            {f.integer(s.newHighs)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("newLows")}</dt>
          <dd className="font-semibold" data-testid="new-lows">
            {f.integer(s.newLows)}
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-slate-500">
        {tab === "GCC" ? t("gccNote") : t("currencyNote", { currency: CURRENCY[tab] })}
      </p>
    </section>
  );
}

function SimulatedNotes({ s }: { s: MarketSummary }) {
  const { t } = useTranslation("overview");
  const notes = [
    s.simulated.prices && t("simulatedPrices"),
    s.simulated.traded && t("simulatedTraded"),
    s.simulated.range52w && t("simulatedRange"),
  ].filter(Boolean);
  if (notes.length === 0) return null;
  return (
    <p
      className="mb-4 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
      data-testid="simulated-note"
    >
      {notes.join(" ")}
    </p>
  );
}

/**
 * One tab of /markets: the index (with its session's sparkline), breadth, traded totals, the
 * sector heatmap (given by the page), top movers and sectors, live.
 */
export function MarketOverview({
  initial,
  sparks = {},
  heatmap,
}: {
  initial: OverviewView;
  sparks?: Record<string, string>;
  heatmap?: ReactNode;
}) {
  const { t } = useTranslation("overview");
  const view = useLiveView(initial);
  const s = view.summary;
  return (
    <div data-testid="overview" data-market={view.tab}>
      <Tabs active={view.tab} />
      <SimulatedNotes s={s} />
      <section
        aria-label={t("indices")}
        className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
      >
        {view.indices.length === 0 ? <p className="text-sm text-slate-500">{t("noIndex")}</p> : null}
        {view.indices.map((i) => (
          <IndexCard key={i.symbol} index={i} spark={sparks[i.symbol]} />
        ))}
      </section>
      <div className="mb-4 grid grid-cols-1 gap-3 md:grid-cols-2">
        <Breadth s={s} />
        <Traded s={s} tab={view.tab} />
      </div>
      {heatmap}
      <div className="mb-4 grid grid-cols-1 gap-3 md:grid-cols-2">
        {LISTS.map((list) => (
          <MoverTable key={list} list={list} movers={s[list]} />
        ))}
      </div>
      <SectorTable sectors={s.sectors} />
      <p className="mt-4 text-sm">
        <Link
          to={view.tab === "GCC" || view.tab === "NOMU" ? "/screener" : `/screener?exchange=${view.tab}`}
          className="font-medium text-sky-800 hover:underline dark:text-sky-300"
        >
          {t("screenerLink")}
        </Link>
      </p>
    </div>
  );
}
