import { ArrowDown, ArrowUp, ChevronsUpDown } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type LiveQuote, useMarketFeed } from "~/components/market/market-feed";
import { WatchlistRow } from "./watchlist-row";
import "~/locales/watchlists";

type SortKey = "symbol" | "price" | "changePercent";
type Sort = { key: SortKey; dir: 1 | -1 } | null;

interface Row {
  symbol: string;
  quote: LiveQuote | undefined;
}

/** Rows in the column's order; rows without a price yet go last whichever way it sorts. */
export function compareRows(sort: { key: SortKey; dir: 1 | -1 }, a: Row, b: Row): number {
  if (sort.key === "symbol") return a.symbol.localeCompare(b.symbol) * sort.dir;
  const av = a.quote?.[sort.key];
  const bv = b.quote?.[sort.key];
  if (av === undefined || bv === undefined) return av === bv ? 0 : av === undefined ? 1 : -1;
  return (av - bv) * sort.dir;
}

function SortHeader({
  label,
  column,
  sort,
  onSort,
  className = "",
}: {
  label: string;
  column: SortKey;
  sort: Sort;
  onSort: (key: SortKey) => void;
  className?: string;
}) {
  const active = sort?.key === column;
  const Icon = !active ? ChevronsUpDown : sort.dir === 1 ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.dir === 1 ? "ascending" : "descending") : "none"}
      className={`px-3 py-2 font-medium ${className}`}
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        className="inline-flex items-center gap-1 hover:text-brand-700"
      >
        {label}
        <Icon aria-hidden className="size-3.5" />
      </button>
    </th>
  );
}

/**
 * A watchlist's instruments with their live prices (the page's market feed): symbol and name,
 * price, change and change %, day range and freshness; sortable by symbol, price and change %.
 * In the owner's order the rows can be moved up and down. A row is ./watchlist-row.tsx.
 */
export function WatchlistTable({
  symbols,
  busy,
  onRemove,
  onMove,
}: {
  symbols: string[];
  busy?: boolean;
  onRemove: (symbol: string) => void;
  onMove: (symbol: string, by: -1 | 1) => void;
}) {
  const { t } = useTranslation("watchlists");
  const feed = useMarketFeed();
  const [sort, setSort] = useState<Sort>(null);
  const onSort = (key: SortKey) =>
    setSort((s) => (s?.key !== key ? { key, dir: 1 } : s.dir === 1 ? { key, dir: -1 } : null));

  const rows: Row[] = symbols.map((symbol) => ({ symbol, quote: feed.quote(symbol) }));
  if (sort) rows.sort((a, b) => compareRows(sort, a, b));

  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full table-fixed text-sm" data-testid="watchlist-table">
        <caption className="sr-only">{t("table.caption")}</caption>
        <thead className="bg-slate-50 text-start text-xs text-slate-600">
          <tr>
            <SortHeader
              label={t("table.symbol")}
              column="symbol"
              sort={sort}
              onSort={onSort}
              className="text-start"
            />
            <SortHeader
              label={t("table.price")}
              column="price"
              sort={sort}
              onSort={onSort}
              className="w-32 text-end sm:w-36"
            />
            <th scope="col" className="hidden w-20 px-3 py-2 text-start font-medium sm:table-cell">
              {t("table.currency")}
            </th>
            <SortHeader
              label={t("table.changePercent")}
              column="changePercent"
              sort={sort}
              onSort={onSort}
              className="hidden w-40 text-end md:table-cell"
            />
            <th scope="col" className="hidden w-52 px-3 py-2 text-end font-medium lg:table-cell">
              {t("table.dayRange")}
            </th>
            <th scope="col" className="w-24 px-1 py-2 sm:w-28">
              <span className="sr-only">{t("table.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map(({ symbol, quote }, index) => (
            <WatchlistRow
              key={symbol}
              symbol={symbol}
              quote={quote}
              instrument={quote?.instrument ?? feed.instruments.find((i) => i.symbol === symbol)}
              actions={{
                symbol,
                movable: !sort,
                first: index === 0,
                last: index === rows.length - 1,
                busy,
                onRemove,
                onMove,
              }}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
