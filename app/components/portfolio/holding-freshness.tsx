import { useTranslation } from "react-i18next";
import { useMarketFeed } from "~/components/market/market-feed";
import { FreshnessBadge } from "~/components/market/quote-parts";
import { useFormat } from "~/lib/use-format";
import type { Holding } from "./types";
import "~/locales/portfolio";

/**
 * How current a holding's price is: the market pages' own label (live, delayed, end of day, stale,
 * simulated, with its source) when the live feed carries the instrument; otherwise the engine's
 * facts (simulated, or the date of the close it used, or no price at all).
 */
export function HoldingFreshness({ holding }: { holding: Holding }) {
  const { t } = useTranslation("portfolio");
  const f = useFormat();
  const quote = useMarketFeed().quote(holding.symbol);
  if (quote) return <FreshnessBadge quote={quote} />;
  const kind = holding.simulated ? "simulated" : holding.priceAsOf ? "dated" : "none";
  const style =
    kind === "simulated"
      ? "bg-violet-50 text-violet-900 ring-violet-600/30"
      : kind === "dated"
        ? "bg-sky-50 text-sky-900 ring-sky-600/20"
        : "bg-red-50 text-red-800 ring-red-600/30";
  return (
    <span
      data-field="freshness"
      data-freshness={kind}
      className={`inline-flex items-center whitespace-nowrap rounded px-1.5 py-0.5 text-[11px] font-medium ring-1 ring-inset ${style}`}
    >
      {t(`holdings.freshness.${kind}`, { date: holding.priceAsOf ? f.date(holding.priceAsOf) : "" })}
    </span>
  );
}
