import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonClass, Field, SelectField } from "~/components/forms/field";
import { useFormat } from "~/lib/use-format";
import { parseAmount } from "./activity-fields";
import { fieldProblem } from "./portfolio-bar";
import { headingClass, panelClass } from "./styles";
import type { PortfolioAlertView } from "./types";
import { usePortfolioCall } from "./use-portfolio-call";
import "~/locales/portfolio";

const KINDS = ["day-move", "weight"] as const;

/** Alerts on the whole portfolio: a day's move beyond N %, a holding beyond N % of it. */
export function PortfolioAlerts({
  portfolioId,
  alerts,
}: {
  portfolioId: string;
  alerts: PortfolioAlertView[];
}) {
  const { t } = useTranslation("portfolio");
  const f = useFormat();
  const { call, busy } = usePortfolioCall();
  const [kind, setKind] = useState<(typeof KINDS)[number]>("day-move");
  const [threshold, setThreshold] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const summary = (a: PortfolioAlertView) =>
    t(`alerts.summary.${a.kind}`, { threshold: `${f.fixed(a.threshold, 1)}%` });
  return (
    <section className={panelClass} aria-labelledby="portfolio-alerts-heading">
      <h2 id="portfolio-alerts-heading" className={headingClass}>
        {t("alerts.heading")}
      </h2>
      <p className="text-sm text-slate-600">{t("alerts.intro")}</p>
      <form
        noValidate
        className="mt-3 flex flex-wrap items-end gap-3"
        onSubmit={async (e) => {
          e.preventDefault();
          const r = await call(`/${portfolioId}/alerts`, "POST", { kind, threshold: parseAmount(threshold) });
          setErrors(fieldProblem(r) ?? {});
          if (r.ok) setThreshold("");
        }}
      >
        <SelectField
          label={t("alerts.kind")}
          value={kind}
          onChange={(e) => setKind(e.target.value as (typeof KINDS)[number])}
          options={KINDS.map((k) => ({ value: k, label: t(`alerts.kinds.${k}`) }))}
          error={errors.kind}
          className="min-w-0 sm:w-96"
        />
        <Field
          label={t("alerts.threshold")}
          inputMode="decimal"
          dir="ltr"
          value={threshold}
          onChange={(e) => setThreshold(e.target.value)}
          error={errors.threshold}
          className="w-28"
        />
        <button type="submit" className={buttonClass} disabled={busy}>
          {t("alerts.add")}
        </button>
      </form>
      {alerts.length ? (
        <ul className="mt-3 flex flex-col gap-1" data-testid="portfolio-alerts">
          {alerts.map((a) => (
            <li key={a.id} className="flex items-center gap-2 text-sm text-slate-800">
              {summary(a)}
              <button
                type="button"
                className="rounded p-1 text-slate-600 hover:bg-slate-100"
                aria-label={t("alerts.remove", { summary: summary(a) })}
                disabled={busy}
                onClick={() =>
                  void call(`/${portfolioId}/alerts?${new URLSearchParams({ id: a.id })}`, "DELETE")
                }
              >
                <Trash2 aria-hidden className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-slate-600">{t("alerts.none")}</p>
      )}
    </section>
  );
}
