import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/lib/use-format";
import { moneyText, weightText } from "./numbers";
import { headingClass, panelClass } from "./styles";
import type { PortfolioSnapshot, Slice } from "./types";
import "~/locales/market";
import "~/locales/portfolio";

/** Slice colours, distinct in light and dark pages and for the common colour-blindnesses. */
const COLORS = ["#1f6fb2", "#d97706", "#059669", "#7c3aed", "#dc2626", "#0891b2", "#65a30d", "#db2777"];
const R = 40;
const C = 2 * Math.PI * R;

/** A donut of the slices (decorative to screen readers: the table beside it says the same). */
function Donut({ slices }: { slices: Slice[] }) {
  let offset = 0;
  return (
    <svg viewBox="0 0 100 100" className="size-28 shrink-0 -rotate-90" aria-hidden="true" focusable="false">
      <circle
        cx="50"
        cy="50"
        r={R}
        fill="none"
        stroke="currentColor"
        strokeWidth="18"
        className="text-slate-100"
      />
      {slices.map((s, i) => {
        const length = Math.max(0, s.weight) * C;
        const dash = `${length} ${C - length}`;
        const at = -offset;
        offset += length;
        return (
          <circle
            key={s.key}
            cx="50"
            cy="50"
            r={R}
            fill="none"
            stroke={COLORS[i % COLORS.length]}
            strokeWidth="18"
            strokeDasharray={dash}
            strokeDashoffset={at}
          />
        );
      })}
    </svg>
  );
}

/** One allocation: the donut and its legend table (part, value, weight). */
function Allocation({
  title,
  slices,
  base,
  name,
}: {
  title: string;
  slices: Slice[];
  base: string;
  name: (key: string) => string;
}) {
  const { t } = useTranslation("portfolio");
  const f = useFormat();
  const id = useId();
  return (
    <figure className="flex flex-col gap-2" aria-labelledby={id} data-testid="allocation">
      <figcaption id={id} className="font-medium text-slate-800">
        {title}
      </figcaption>
      {slices.length ? (
        <div className="flex flex-wrap items-start gap-4">
          <Donut slices={slices} />
          <table className="min-w-0 flex-1 text-sm">
            <thead className="sr-only">
              <tr>
                <th scope="col">{t("allocation.key")}</th>
                <th scope="col">{t("allocation.value")}</th>
                <th scope="col">{t("allocation.weight")}</th>
              </tr>
            </thead>
            <tbody>
              {slices.map((s, i) => (
                <tr key={s.key}>
                  <th scope="row" className="whitespace-nowrap py-0.5 pe-2 text-start font-normal">
                    <span
                      aria-hidden
                      className="me-1.5 inline-block size-2.5 rounded-sm align-middle"
                      style={{ backgroundColor: COLORS[i % COLORS.length] }}
                    />
                    {name(s.key)}
                  </th>
                  <td className="py-0.5 pe-2 tabular-nums">{moneyText(f, s.value, base)}</td>
                  <td className="py-0.5 tabular-nums">{weightText(f, s.weight)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-sm text-slate-600">{t("allocation.none")}</p>
      )}
    </figure>
  );
}

/** Where the money is: by exchange, by sector and by currency. */
export function AllocationPanel({ snapshot }: { snapshot: PortfolioSnapshot }) {
  const { t } = useTranslation("portfolio");
  const { t: tm } = useTranslation("market");
  // Exchanges and sectors by the names the market pages give them; currencies by their code.
  const exchange = (key: string) => tm(`exchangeNames.${key}`, { defaultValue: key });
  const sector = (key: string) =>
    key ? tm(`sectors.${key}`, { defaultValue: key }) : t("allocation.unclassified");
  const currency = (key: string) => key;
  const base = snapshot.baseCurrency;
  const { byExchange, bySector, byCurrency } = snapshot.allocation;
  return (
    <section className={panelClass} aria-labelledby="allocation-heading">
      <h2 id="allocation-heading" className={headingClass}>
        {t("allocation.heading")}
      </h2>
      <div className="mt-3 grid grid-cols-1 gap-6 md:grid-cols-3">
        <Allocation title={t("allocation.byExchange")} slices={byExchange} base={base} name={exchange} />
        <Allocation title={t("allocation.bySector")} slices={bySector} base={base} name={sector} />
        <Allocation title={t("allocation.byCurrency")} slices={byCurrency} base={base} name={currency} />
      </div>
    </section>
  );
}
