import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { fieldErrors } from "#common/action-result";
import { ALERT_TYPES, type AlertTypeValue, alertFormSchema } from "#common/alert-schema";
import { buttonClass, Field, SelectField } from "~/components/forms/field";
import { useForm } from "~/components/forms/use-form";
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
  const [symbol, setSymbol] = useState("");
  const [alertType, setAlertType] = useState<AlertTypeValue>("above");
  const [target, setTarget] = useState("");
  const form = useForm<AlertActionResult>({
    key: "create-alert",
    schema: alertFormSchema,
    invalid: (error) => ({ ok: false, intent: "create", error: "", fields: fieldErrors(error) }),
    onResult: (result) => {
      if (result.intent !== "create") return;
      if (result.ok) {
        toast.success(t("toast.created"), { description: t("toast.createdText", { symbol: result.symbol }) });
        setSymbol("");
        setTarget("");
        onClose();
      } else if (result.error === "auth") {
        toast.error(t("toast.authRequired"), { description: t("toast.authRequiredText") });
      } else {
        toast.error(t("toast.createFailed"), { description: st(result.error) });
      }
    },
  });
  const { busy, fields: errors } = form;
  const typeId = useId();
  const percent = alertType === "change_percent";
  const known = suggestions.find((s) => s.symbol === symbol.trim().toUpperCase());

  return (
    <form.Form
      ref={form.formRef}
      method="post"
      noValidate
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      aria-labelledby={`${typeId}-title`}
      onSubmit={form.onSubmit}
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
        <SelectField
          label={t("form.alertType")}
          name="alertType"
          value={alertType}
          onChange={(e) => setAlertType(e.target.value as AlertTypeValue)}
          options={ALERT_TYPES.map((type) => ({ value: type, label: t(`form.types.${type}`) }))}
        />
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
    </form.Form>
  );
}
