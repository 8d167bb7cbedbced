import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { SelectField } from "~/components/forms/field";
import { useFormat } from "~/lib/use-format";
import { useConditionText } from "./alert-list";
import type { AlertView, Suggestion, TriggerView } from "./types";
import "~/locales/alerts";

const CHANNELS = ["inApp", "email", "push", "webhook"] as const;

const outcomeClass: Record<string, string> = {
  delivered: "bg-emerald-50 text-emerald-800",
  queued: "bg-sky-50 text-sky-800",
  unavailable: "bg-amber-50 text-amber-800",
  /** Push or webhook: every device or the endpoint refused, or the last retry failed. */
  failed: "bg-red-50 text-red-800",
};

/**
 * The History tab: every trigger, newest first, with its price and what became of each channel;
 * `?alert=<id>` narrows it to one alert, and a notification's link lands on its row (#trigger-id).
 */
export function AlertHistory({
  triggers,
  alerts,
  suggestions,
}: {
  triggers: TriggerView[];
  alerts: AlertView[];
  suggestions: Suggestion[];
}) {
  const { t } = useTranslation("alerts");
  const f = useFormat();
  const condition = useConditionText();
  const [params, setParams] = useSearchParams();
  const selected = params.get("alert") ?? "";
  const decimalsOf = (symbol: string | null) => suggestions.find((s) => s.symbol === symbol)?.decimals ?? 2;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-xl font-semibold text-brand-900">{t("history.heading")}</h2>
        <SelectField
          className="w-full sm:w-80"
          label={t("history.filter")}
          value={selected}
          onChange={(e) =>
            setParams(e.target.value ? { tab: "history", alert: e.target.value } : { tab: "history" }, {
              preventScrollReset: true,
            })
          }
          placeholder={t("history.allAlerts")}
          options={alerts.map((a) => ({ value: a.id, label: `${a.symbol} · ${condition(a)}` }))}
        />
      </div>
      {triggers.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <p className="text-lg font-semibold text-slate-800">{t("history.emptyTitle")}</p>
          <p className="mt-1 text-slate-500">{t("history.emptyText")}</p>
        </div>
      ) : (
        <ol className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white px-4 shadow-sm sm:px-5">
          {triggers.map((h) => (
            <li
              key={h.id}
              id={`trigger-${h.id}`}
              className="scroll-mt-24 py-4 target:bg-brand-50/60"
              data-testid="trigger-row"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <p dir="auto" className="font-semibold text-slate-900">
                  {h.title}
                </p>
                <p className="text-xs text-slate-500">{f.mediumDateTime(h.triggeredAt)}</p>
              </div>
              <p dir="auto" className="mt-0.5 text-sm text-slate-700">
                {h.message}
              </p>
              <div className="mt-2 flex flex-wrap items-center gap-2 text-xs">
                {h.price !== null ? (
                  <span className="font-medium text-slate-700">
                    {t("history.price", { price: f.price(h.price, decimalsOf(h.symbol)) })}
                  </span>
                ) : null}
                {h.alertId === null ? (
                  <span className="text-slate-500">({t("history.deletedAlert")})</span>
                ) : null}
                {CHANNELS.filter((c) => h.channels[c] && h.channels[c] !== "off").map((c) => (
                  <span
                    key={c}
                    className={`rounded-full px-2 py-0.5 ${outcomeClass[h.channels[c]!] ?? "bg-slate-100 text-slate-700"}`}
                  >
                    {t(`history.channels.${c}`)}: {t(`history.outcome.${h.channels[c]}`, h.channels[c]!)}
                  </span>
                ))}
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
