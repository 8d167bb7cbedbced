import { useTranslation } from "react-i18next";
import { Link } from "~/components/link";
import { instrumentHref } from "~/components/market/format";
import { useFormat } from "~/lib/use-format";
import { HoldingFreshness } from "./holding-freshness";
import { fractionText, moneyText, quantityText, weightText } from "./numbers";
import { headingClass, panelClass, signClass } from "./styles";
import type { Holding, PortfolioSnapshot } from "./types";
import "~/locales/portfolio";

const HEADS = [
  "symbol",
  "quantity",
  "averageCost",
  "price",
  "marketValue",
  "unrealised",
  "realised",
  "today",
  "dividends",
  "weight",
] as const;

const cell = "px-2 py-2 tabular-nums whitespace-nowrap";

function HoldingRow({ h, base }: { h: Holding; base: string }) {
  const { t } = useTranslation("portfolio");
  const f = useFormat();
  const none = t("holdings.noPrice");
  return (
    <tr className="border-b border-slate-100 align-top" data-symbol={h.symbol}>
      <th scope="row" className="px-2 py-2 text-start font-semibold">
        <Link to={instrumentHref(h.symbol)} className="text-brand-700 hover:underline" dir="ltr">
          {h.symbol}
        </Link>
        <div className="mt-1">
          <HoldingFreshness holding={h} />
        </div>
      </th>
      <td className={cell}>{quantityText(f, h.quantity)}</td>
      <td className={cell}>{moneyText(f, h.averageCost, h.currency)}</td>
      <td className={cell} data-field="price">
        {h.price == null ? none : moneyText(f, h.price, h.currency)}
      </td>
      <td className={cell} data-field="market-value">
        {h.marketValue == null ? none : moneyText(f, h.marketValue, base)}
      </td>
      <td className={`${cell} ${signClass(h.unrealisedPnl)}`} data-field="unrealised">
        {h.unrealisedPnl == null ? none : moneyText(f, h.unrealisedPnl, base)}
        {h.unrealisedPercent == null ? null : (
          <div className="text-xs">{fractionText(f, h.unrealisedPercent)}</div>
        )}
      </td>
      <td className={`${cell} ${signClass(h.realisedPnl)}`} data-field="realised">
        {moneyText(f, h.realisedPnl, base)}
      </td>
      <td className={`${cell} ${signClass(h.todayChange)}`}>
        {h.todayChange == null ? none : moneyText(f, h.todayChange, base)}
        {h.todayChangePercent == null ? null : (
          <div className="text-xs">{fractionText(f, h.todayChangePercent)}</div>
        )}
      </td>
      <td className={cell}>{moneyText(f, h.dividendIncome, base)}</td>
      <td className={cell}>{h.weight == null ? none : weightText(f, h.weight)}</td>
    </tr>
  );
}

/** What the portfolio holds, each value with how current its price is. */
export function HoldingsTable({ snapshot }: { snapshot: PortfolioSnapshot }) {
  const { t } = useTranslation("portfolio");
  const base = snapshot.baseCurrency;
  return (
    <section className={panelClass} aria-labelledby="holdings-heading">
      <h2 id="holdings-heading" className={headingClass}>
        {t("holdings.heading")}
      </h2>
      {snapshot.simulated ? (
        <p
          className="mt-2 rounded-md bg-violet-50 px-3 py-2 text-sm text-violet-900"
          data-testid="simulated-note"
        >
          {t("holdings.simulated")}
        </p>
      ) : null}
      {snapshot.warnings.length ? (
        <ul className="mt-2 list-disc ps-5 text-sm text-amber-900">
          {snapshot.warnings.map((w) => (
            <li key={`${w.code}-${w.symbol ?? w.currency}-${w.date ?? ""}`}>
              {w.code === "missing-price"
                ? t("holdings.missingPrice", { symbol: w.symbol ?? "" })
                : t("holdings.missingFx", { currency: w.currency ?? "", date: w.date ?? "" })}
            </li>
          ))}
        </ul>
      ) : null}
      {snapshot.holdings.length ? (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[900px] text-sm" data-testid="holdings">
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                {HEADS.map((h) => (
                  <th key={h} scope="col" className="px-2 py-2 text-start font-medium">
                    {t(`holdings.columns.${h}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {snapshot.holdings.map((h) => (
                <HoldingRow key={h.symbol} h={h} base={base} />
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="mt-3 text-slate-600">{t("holdings.empty")}</p>
      )}
    </section>
  );
}
