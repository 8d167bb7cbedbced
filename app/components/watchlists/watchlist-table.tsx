import { ArrowDown, ArrowUp, ChevronsUpDown, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "~/components/link";
import { instrumentHref, instrumentName } from "~/components/market/format";
import { type LiveQuote, useMarketFeed } from "~/components/market/market-feed";
import { ChangeText, FlashPrice, FreshnessBadge, StatusBadge } from "~/components/market/quote-parts";
import { useLang } from "~/lib/locale";
import { useFormat } from "~/lib/use-format";
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
 * In the owner's order the rows can be moved up and down.
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
  const lang = useLang();
  const f = useFormat();
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
          {rows.map(({ symbol, quote }, index) => {
            const instrument = quote?.instrument ?? feed.instruments.find((i) => i.symbol === symbol);
            const d = instrument?.decimals ?? 2;
            return (
              <tr key={symbol} data-symbol={symbol} className="align-top">
                <td className="px-3 py-3">
                  <Link to={instrumentHref(symbol)} className="group block min-w-0">
                    <span className="font-semibold text-slate-900 group-hover:text-brand-600" dir="ltr">
                      {symbol}
                    </span>
                    <span className="block truncate text-slate-500">
                      {instrument ? instrumentName(instrument, lang) : ""}
                    </span>
                  </Link>
                  {quote ? (
                    <span className="mt-1 flex flex-wrap items-center gap-1">
                      <FreshnessBadge quote={quote} />
                      <StatusBadge status={quote.status} />
                    </span>
                  ) : null}
                </td>
                <td className="px-3 py-3 text-end">
                  {quote ? (
                    <>
                      <FlashPrice quote={quote} className="-me-1 font-semibold" />
                      {/* Below sm there is no currency column: the code follows the price. */}
                      <span className="ms-1 text-xs text-slate-500 sm:hidden" data-field="currency-inline">
                        {quote.instrument.currency}
                      </span>
                      {/* Below md the change sits under the price; the day range under it below lg. */}
                      <ChangeText quote={quote} className="block text-xs md:hidden" />
                      <span className="block text-xs text-slate-500 lg:hidden" data-field="range">
                        <span dir="ltr">
                          {f.price(quote.dayLow, d)} – {f.price(quote.dayHigh, d)}
                        </span>
                      </span>
                    </>
                  ) : (
                    <span className="text-slate-400">{t("table.noPrice")}</span>
                  )}
                </td>
                <td className="hidden px-3 py-3 text-slate-700 sm:table-cell" data-field="currency">
                  {instrument?.currency ?? ""}
                </td>
                <td className="hidden px-3 py-3 text-end md:table-cell">
                  {quote ? <ChangeText quote={quote} /> : null}
                </td>
                <td
                  className="hidden whitespace-nowrap px-3 py-3 text-end tabular-nums text-slate-700 lg:table-cell"
                  data-field="day-range"
                >
                  {quote ? (
                    <span dir="ltr">
                      {f.price(quote.dayLow, d)} – {f.price(quote.dayHigh, d)}
                    </span>
                  ) : null}
                </td>
                <td className="px-1 py-3">
                  <div className="flex items-center justify-end gap-0.5">
                    {sort ? null : (
                      <>
                        <IconButton
                          label={t("table.moveUp", { symbol })}
                          disabled={busy || index === 0}
                          onClick={() => onMove(symbol, -1)}
                        >
                          <ArrowUp aria-hidden className="size-4" />
                        </IconButton>
                        <IconButton
                          label={t("table.moveDown", { symbol })}
                          disabled={busy || index === rows.length - 1}
                          onClick={() => onMove(symbol, 1)}
                        >
                          <ArrowDown aria-hidden className="size-4" />
                        </IconButton>
                      </>
                    )}
                    <IconButton
                      label={t("table.remove", { symbol })}
                      disabled={busy}
                      onClick={() => onRemove(symbol)}
                    >
                      <X aria-hidden className="size-4" />
                    </IconButton>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function IconButton({
  label,
  className = "inline-flex",
  children,
  ...props
}: React.ButtonHTMLAttributes<HTMLButtonElement> & { label: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={`${className} items-center justify-center rounded p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-30`}
      {...props}
    >
      {children}
    </button>
  );
}
