import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { ALERT_TYPES, type AlertTypeValue, alertFormSchema } from "#common/alert-schema";
import { fieldErrors } from "#common/auth-schema";
import { buttonClass, Field } from "~/components/forms/field";
import { instrumentName } from "~/components/market/format";
import { useLang } from "~/lib/locale";
import { useServerText } from "~/lib/server-text";
import { toast } from "~/lib/toast";
import { useFormat } from "~/lib/use-format";
import { InstrumentPicker } from "./instrument-picker";
import type { AlertActionResult, Suggestion } from "./types";

/** 'Create Price Alert' and its rules (docs/product/alerts.md). */
export function AlertForm({ suggestions, onClose }: { suggestions: Suggestion[]; onClose(): void }) {
  const { t } = useTranslation("alerts");
  const f = useFormat();
  const lang = useLang();
  const st = useServerText();
  const fetcher = useFetcher<AlertActionResult>({ key: "create-alert" });
  const [symbol, setSymbol] = useState("");
  const [alertType, setAlertType] = useState<AlertTypeValue>("above");
  const [target, setTarget] = useState("");
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const typeId = useId();
  const busy = fetcher.state !== "idle";
  const percent = alertType === "change_percent";
  const known = suggestions.find((s) => s.symbol === symbol.trim().toUpperCase());
  const handled = useRef<AlertActionResult | undefined>(undefined);

  useEffect(() => {
    const result = fetcher.data;
    if (result?.intent !== "create" || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      toast.success(t("toast.created"), { description: t("toast.createdText", { symbol: result.symbol }) });
      setSymbol("");
      setTarget("");
      setErrors({});
      onClose();
    } else if (result.error === "auth") {
      toast.error(t("toast.authRequired"), { description: t("toast.authRequiredText") });
    } else {
      setErrors(result.fieldErrors ?? {});
      toast.error(t("toast.createFailed"), { description: st(result.message) });
    }
  }, [fetcher.data, onClose, t, st]);

  return (
    <fetcher.Form
      method="post"
      noValidate
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      aria-labelledby={`${typeId}-title`}
      onSubmit={(e) => {
        const parsed = alertFormSchema.safeParse({ symbol, alertType, targetValue: target });
        if (!parsed.success) {
          e.preventDefault();
          setErrors(fieldErrors(parsed.error));
        }
      }}
    >
      <h3 id={`${typeId}-title`} className="text-lg font-semibold text-brand-900">
        {t("form.title")}
      </h3>
      <input type="hidden" name="intent" value="create" />
      <div className="mt-4 grid gap-4 md:grid-cols-3">
        <div>
          <InstrumentPicker
            label={t("form.symbol")}
            placeholder={t("form.symbolPlaceholder")}
            value={symbol}
            onChange={setSymbol}
            error={st(errors.symbol)}
            suggestions={suggestions}
          />
          {known?.price != null ? (
            <p className="mt-1 text-xs text-slate-500" data-testid="current-price">
              {t("form.currentPrice", {
                name: instrumentName(known, lang),
                price: f.price(known.price, known.decimals),
              })}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={typeId} className="mb-1 block text-sm font-medium text-slate-700">
            {t("form.alertType")}
          </label>
          <select
            id={typeId}
            name="alertType"
            value={alertType}
            onChange={(e) => setAlertType(e.target.value as AlertTypeValue)}
            className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
          >
            {ALERT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`form.types.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <Field
          label={percent ? t("form.percentage") : t("form.targetPrice")}
          name="targetValue"
          type="number"
          inputMode="decimal"
          step="0.000001"
          placeholder={percent ? t("form.percentagePlaceholder") : t("form.targetPricePlaceholder")}
          value={target}
          onChange={(e) => setTarget(e.target.value)}
          error={st(errors.targetValue)}
        />
      </div>
      <label className="mt-4 flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" name="notifyEmail" className="size-4 rounded border-slate-300" />
        {t("form.notifyEmail")}
      </label>
      <div className="mt-5 flex flex-wrap gap-3">
        <button type="submit" className={buttonClass} disabled={busy || !symbol.trim() || !target.trim()}>
          {busy ? t("form.submitting") : t("form.submit")}
        </button>
        <button
          type="button"
          onClick={onClose}
          className="rounded-md border border-slate-300 px-4 py-2 font-medium text-slate-700 hover:bg-slate-50"
        >
          {t("form.cancel")}
        </button>
      </div>
    </fetcher.Form>
  );
}
