import { useTranslation } from "react-i18next";
import { useFormat } from "~/lib/use-format";
import { fractionText, moneyText } from "./numbers";
import { headingClass, panelClass, signClass } from "./styles";
import type { PortfolioSnapshot } from "./types";
import "~/locales/portfolio";

/** The portfolio's figures in its base currency. */
export function TotalsPanel({ snapshot }: { snapshot: PortfolioSnapshot }) {
  const { t } = useTranslation("portfolio");
  const f = useFormat();
  const { totals, baseCurrency: base } = snapshot;
  const items: { key: string; value: number; signed?: boolean; extra?: string }[] = [
    { key: "value", value: totals.value },
    { key: "marketValue", value: totals.marketValue },
    { key: "cash", value: snapshot.cash },
    { key: "costBasis", value: totals.costBasis },
    { key: "unrealised", value: totals.unrealisedPnl, signed: true },
    { key: "realised", value: totals.realisedPnl, signed: true },
    { key: "dividends", value: totals.dividendIncome },
    { key: "fees", value: totals.fees },
    {
      key: "today",
      value: totals.todayChange,
      signed: true,
      ...(totals.todayChangePercent == null ? {} : { extra: fractionText(f, totals.todayChangePercent) }),
    },
  ];
  return (
    <section className={panelClass} aria-labelledby="totals-heading">
      <h2 id="totals-heading" className={headingClass}>
        {t("totals.heading")}
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="totals">
        {items.map((i) => (
          <div key={i.key} className="rounded-lg bg-slate-50 px-3 py-2" data-total={i.key}>
            <dt className="text-xs text-slate-600">{t(`totals.${i.key}`)}</dt>
            <dd
              className={`text-base font-semibold tabular-nums ${i.signed ? signClass(i.value) : "text-slate-900"}`}
            >
              {moneyText(f, i.value, base)}
              {i.extra ? <span className="block text-xs font-normal">{i.extra}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-slate-500">
        {t("totals.asOf", {
          // A valuation dated by day only (no live price yet) shows its date, not a midnight time.
          time: snapshot.asOf.length > 10 ? f.gmtDayTime(snapshot.asOf) : f.date(snapshot.asOf),
        })}
      </p>
    </section>
  );
}
