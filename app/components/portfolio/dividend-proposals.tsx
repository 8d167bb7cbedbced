import { useTranslation } from "react-i18next";
import { toast } from "~/lib/toast";
import { useFormat } from "~/lib/use-format";
import { moneyText, quantityText } from "./numbers";
import { headingClass, panelClass, toolClass } from "./styles";
import type { DividendProposal } from "./types";
import { usePortfolioCall } from "./use-portfolio-call";
import "~/locales/portfolio";

/** Dividends from the site's history paid on shares the reader held on the ex-date, one click to add. */
export function DividendProposals({
  portfolioId,
  proposals,
}: {
  portfolioId: string;
  proposals: DividendProposal[];
}) {
  const { t } = useTranslation("portfolio");
  const f = useFormat();
  const { call, busy } = usePortfolioCall();
  if (!proposals.length) return null;
  return (
    <section className={panelClass} aria-labelledby="proposals-heading" data-testid="proposals">
      <h2 id="proposals-heading" className={headingClass}>
        {t("proposals.heading")}
      </h2>
      <ul className="mt-3 flex flex-col gap-2">
        {proposals.map((p) => (
          <li key={`${p.symbol}-${p.exDate}`} className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-sm text-slate-800">
              {t("proposals.text", {
                quantity: quantityText(f, p.quantity),
                symbol: p.symbol,
                exDate: f.date(p.exDate),
                amount: moneyText(f, p.amount, p.currency),
              })}
            </span>
            <button
              type="button"
              className={toolClass}
              disabled={busy}
              onClick={async () => {
                const r = await call(`/${portfolioId}/dividend-proposals/accept`, "POST", {
                  symbol: p.symbol,
                  exDate: p.exDate,
                });
                if (r.ok) toast.success(t("proposals.accepted"));
              }}
            >
              {t("proposals.accept")}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
