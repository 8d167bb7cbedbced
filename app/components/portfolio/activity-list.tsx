import { Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Suggestion } from "~/components/alerts/types";
import { useFormat } from "~/lib/use-format";
import { ActivityForm } from "./activity-form";
import { moneyText, quantityText } from "./numbers";
import { headingClass, panelClass } from "./styles";
import type { Activity } from "./types";
import { usePortfolioCall } from "./use-portfolio-call";
import "~/locales/portfolio";

const iconButton = "rounded p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-40";

/** The portfolio's activities, newest first, each editable (in the form) and deletable. */
export function ActivityList({
  portfolioId,
  baseCurrency,
  activities,
  suggestions,
}: {
  portfolioId: string;
  baseCurrency: string;
  activities: Activity[];
  suggestions: Suggestion[];
}) {
  const { t } = useTranslation("portfolio");
  const f = useFormat();
  const { call, busy } = usePortfolioCall();
  const [editing, setEditing] = useState<string | null>(null);
  const open = activities.find((a) => a.id === editing);
  const rows = [...activities].sort((a, b) => b.date.localeCompare(a.date) || b.sequence - a.sequence);
  const heads = ["date", "type", "symbol", "quantity", "price", "amount", "costs", "actions"] as const;
  return (
    <section className={panelClass} aria-labelledby="activities-heading">
      <h2 id="activities-heading" className={headingClass}>
        {t("activity.listHeading")}
      </h2>
      {open ? (
        <div className="mt-3">
          <ActivityForm
            key={open.id}
            portfolioId={portfolioId}
            baseCurrency={baseCurrency}
            suggestions={suggestions}
            editing={open}
            onDone={() => setEditing(null)}
          />
        </div>
      ) : null}
      {rows.length ? (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[640px] text-sm" data-testid="activities">
            <thead>
              <tr className="border-b border-slate-200 text-start text-slate-600">
                {heads.map((h) => (
                  <th key={h} scope="col" className="px-2 py-2 text-start font-medium">
                    {t(`activity.columns.${h}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((a) => {
                const names = { type: t(`types.${a.type}`), date: f.date(a.date) };
                return (
                  <tr key={a.id} className="border-b border-slate-100">
                    <td className="px-2 py-2 whitespace-nowrap">{f.date(a.date)}</td>
                    <td className="px-2 py-2">{t(`types.${a.type}`)}</td>
                    <td className="px-2 py-2" dir="ltr">
                      {a.symbol ?? ""}
                    </td>
                    <td className="px-2 py-2 tabular-nums">
                      {a.quantity ? quantityText(f, a.quantity) : ""}
                    </td>
                    <td className="px-2 py-2 tabular-nums">
                      {a.unitPrice
                        ? moneyText(f, a.unitPrice, a.currency)
                        : a.splitRatio
                          ? f.fixed(a.splitRatio, 2)
                          : ""}
                    </td>
                    <td className="px-2 py-2 tabular-nums">
                      {a.amount ? moneyText(f, a.amount, a.currency) : ""}
                    </td>
                    <td className="px-2 py-2 tabular-nums">
                      {a.commission || a.vat ? moneyText(f, a.commission + a.vat, a.currency) : ""}
                    </td>
                    <td className="px-2 py-1 whitespace-nowrap">
                      <button
                        type="button"
                        className={iconButton}
                        aria-label={t("activity.editOne", names)}
                        onClick={() => setEditing(a.id)}
                      >
                        <Pencil aria-hidden className="size-4" />
                      </button>
                      <button
                        type="button"
                        className={iconButton}
                        disabled={busy}
                        aria-label={t("activity.deleteOne", names)}
                        onClick={() => {
                          if (window.confirm(t("activity.confirmDelete")))
                            void call(`/${portfolioId}/activities/${a.id}`, "DELETE");
                        }}
                      >
                        <Trash2 aria-hidden className="size-4" />
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="mt-3 text-slate-600">{t("activity.empty")}</p>
      )}
    </section>
  );
}
