import { ArrowDown, ArrowUp, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Instrument } from "#server/market/types";
import { Link } from "~/components/link";
import { instrumentHref, instrumentName } from "~/components/market/format";
import type { LiveQuote } from "~/components/market/market-feed";
import { ChangeText, FlashPrice, FreshnessBadge, StatusBadge } from "~/components/market/quote-parts";
import { useLang } from "~/lib/locale";
import { useFormat } from "~/lib/use-format";
import "~/locales/watchlists";
import { Sparkline, useSparkline } from "~/components/market/sparkline";

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

/**
 * The price cell: price with its currency below sm, the change below md and the day range below
 * lg (the columns that hold them are hidden there); "no price yet" without a quote.
 */
function PriceCell({ quote, decimals }: { quote: LiveQuote | undefined; decimals: number }) {
  const { t } = useTranslation("watchlists");
  const f = useFormat();
  return (
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
              {f.price(quote.dayLow, decimals)} – {f.price(quote.dayHigh, decimals)}
            </span>
          </span>
        </>
      ) : (
        <span className="text-slate-400">{t("table.noPrice")}</span>
      )}
    </td>
  );
}

/** Moving a row up and down (in the owner's order only) and removing it. */
function RowActions({
  symbol,
  movable,
  first,
  last,
  busy,
  onRemove,
  onMove,
}: {
  symbol: string;
  movable: boolean;
  first: boolean;
  last: boolean;
  busy?: boolean;
  onRemove: (symbol: string) => void;
  onMove: (symbol: string, by: -1 | 1) => void;
}) {
  const { t } = useTranslation("watchlists");
  return (
    <div className="flex items-center justify-end gap-0.5">
      {movable ? (
        <>
          <IconButton
            label={t("table.moveUp", { symbol })}
            disabled={busy || first}
            onClick={() => onMove(symbol, -1)}
          >
            <ArrowUp aria-hidden className="size-4" />
          </IconButton>
          <IconButton
            label={t("table.moveDown", { symbol })}
            disabled={busy || last}
            onClick={() => onMove(symbol, 1)}
          >
            <ArrowDown aria-hidden className="size-4" />
          </IconButton>
        </>
      ) : null}
      <IconButton label={t("table.remove", { symbol })} disabled={busy} onClick={() => onRemove(symbol)}>
        <X aria-hidden className="size-4" />
      </IconButton>
    </div>
  );
}

/** One instrument of a watchlist: name and freshness, price, currency, change, day range, actions. */
export function WatchlistRow({
  symbol,
  quote,
  instrument,
  actions,
}: {
  symbol: string;
  quote: LiveQuote | undefined;
  instrument: Instrument | undefined;
  actions: React.ComponentProps<typeof RowActions>;
}) {
  const lang = useLang();
  const f = useFormat();
  const spark = useSparkline(symbol);
  const d = instrument?.decimals ?? 2;
  return (
    <tr data-symbol={symbol} className="align-top">
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
            <Sparkline points={spark} />
          </span>
        ) : null}
      </td>
      <PriceCell quote={quote} decimals={d} />
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
        <RowActions {...actions} />
      </td>
    </tr>
  );
}
