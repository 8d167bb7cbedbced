import { useTranslation } from "react-i18next";
import { type ScreenerAnswer, type ScreenerQuery, type ScreenerSort, screenerParams } from "#common/screener";
import { Link } from "~/components/link";
import { instrumentSlug } from "~/components/market/format";
import { Sparkline, useSparkline } from "~/components/market/sparkline";
import { changeClass } from "~/components/overview/movers";
import { useFormat } from "~/lib/use-format";
import "~/locales/market";
import "~/locales/screener";
import "~/locales/screener-filters";

const COLUMNS: ScreenerSort[] = [
  "name",
  "exchange",
  "sector",
  "price",
  "changePercent",
  "volume",
  "valueTraded",
  "high52w",
  "low52w",
];
const NUMERIC = new Set<ScreenerSort>([
  "price",
  "changePercent",
  "volume",
  "valueTraded",
  "high52w",
  "low52w",
]);

/** The screen's link with another sort: the same column again flips the order. */
function sortLink(q: ScreenerQuery, sort: ScreenerSort) {
  const order = q.sort === sort ? (q.order === "desc" ? "asc" : "desc") : NUMERIC.has(sort) ? "desc" : "asc";
  return `/screener?${screenerParams({ ...q, sort, order, offset: 0 })}`;
}

function HeaderCell({ q, col }: { q: ScreenerQuery; col: ScreenerSort }) {
  const { t } = useTranslation("screener");
  const active = q.sort === col;
  return (
    <th
      className={`px-2 py-2 font-medium ${NUMERIC.has(col) ? "text-end" : "text-start"}`}
      aria-sort={active ? (q.order === "asc" ? "ascending" : "descending") : undefined}
    >
      <Link
        to={sortLink(q, col)}
        className="hover:underline"
        aria-label={t("sortBy", { field: t(`fields.${col}`) })}
      >
        {t(`fields.${col}`)}
        {active ? (q.order === "asc" ? " ▲" : " ▼") : ""}
      </Link>
    </th>
  );
}

/** A row's session sparkline, before its change (which states the move in text). */
function RowSpark({ symbol }: { symbol: string }) {
  return <Sparkline points={useSparkline(symbol)} className="me-2" />;
}

/** The matching companies, each linked to its page, with sortable column heads. */
export function ScreenerTable({ q, answer }: { q: ScreenerQuery; answer: ScreenerAnswer }) {
  const { t, i18n } = useTranslation("screener");
  const { t: tm } = useTranslation("market");
  const { t: tx } = useTranslation("screener-filters");
  const f = useFormat();
  const num = (v: number | null, compact = false) =>
    v === null ? "—" : compact ? f.compact(v) : f.fixed(v, 2);
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
      <table className="w-full text-sm" data-testid="screener-table">
        <thead className="bg-slate-50 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          <tr>
            {COLUMNS.map((c) => (
              <HeaderCell key={c} q={q} col={c} />
            ))}
            <th className="px-2 py-2 text-end font-medium">{tx("dividendYield")}</th>
            <th className="px-2 py-2 text-start font-medium">{tx("shariah")}</th>
          </tr>
        </thead>
        <tbody>
          {answer.rows.map((r) => (
            <tr
              key={r.symbol}
              className="border-t border-slate-100 dark:border-slate-800"
              data-testid="screener-row"
              data-symbol={r.symbol}
            >
              <td className="px-2 py-1">
                <Link
                  to={`/markets/${instrumentSlug(r.symbol)}`}
                  className="font-medium text-sky-800 hover:underline dark:text-sky-300"
                >
                  {i18n.language === "ar" ? r.nameAr : r.name}
                </Link>
                <span className="mx-1 text-xs text-slate-500" dir="ltr">
                  {r.symbol}
                </span>
                {r.freshness === "simulated" ? (
                  <span className="ms-1 text-xs text-amber-700 dark:text-amber-400">{t("simulated")}</span>
                ) : null}
              </td>
              <td className="px-2 py-1 whitespace-nowrap">
                {tm(`exchanges.${r.exchange}`, { defaultValue: r.exchange })}
              </td>
              <td className="px-2 py-1">{tm(`sectors.${r.sector}`, { defaultValue: r.sector })}</td>
              <td className="px-2 py-1 text-end tabular-nums">{num(r.price)}</td>
              <td
                className={`px-2 py-1 text-end tabular-nums whitespace-nowrap ${changeClass(r.changePercent)}`}
              >
                <RowSpark symbol={r.symbol} />
                {r.changePercent === null ? "—" : f.changePercent(r.changePercent)}
              </td>
              <td className="px-2 py-1 text-end tabular-nums">{num(r.volume, true)}</td>
              <td className="px-2 py-1 text-end tabular-nums">{num(r.valueTraded, true)}</td>
              <td className="px-2 py-1 text-end tabular-nums">{num(r.high52w)}</td>
              <td className="px-2 py-1 text-end tabular-nums">{num(r.low52w)}</td>
              <td className="px-2 py-1 text-end tabular-nums">
                {r.dividendYield === null ? "—" : `${f.fixed(r.dividendYield, 2)}%`}
              </td>
              <td className="px-2 py-1 whitespace-nowrap" data-testid="screener-shariah">
                {tx(`status.${r.shariah}`)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
