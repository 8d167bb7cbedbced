import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { MOVE_WINDOWS } from "#common/alert-options";
import { ALERT_TYPES, type AlertTypeValue, isPercentType } from "#common/alert-schema";
import { buttonClass, Field, SelectField } from "~/components/forms/field";
import { instrumentName } from "~/components/market/format";
import { useLang } from "~/lib/locale";
import { useServerText } from "~/lib/server-text";
import { useFormat } from "~/lib/use-format";
import { AlertChannels } from "./alert-channels";
import { AlertScheduleFields } from "./alert-schedule-fields";
import { InstrumentPicker } from "./instrument-picker";
import type { AlertView, Suggestion } from "./types";
import { useAlertForm } from "./use-alert-form";
import { useLastPrice } from "./use-last-price";
import "~/locales/alerts";

/**
 * 'Create Price Alert' and its rules (docs/product/alerts.md); with `alert`, the same form edits
 * that alert (every field). Its parts: the submission and its messages (./use-alert-form.ts), the
 * last price and whether the level already holds (./use-last-price.ts), how often and until when
 * (./alert-schedule-fields.tsx) and the channels (./alert-channels.tsx).
 */
export function AlertForm({
  suggestions,
  onClose,
  alert,
}: {
  suggestions: Suggestion[];
  onClose(): void;
  alert?: AlertView;
}) {
  const { t } = useTranslation("alerts");
  const f = useFormat();
  const lang = useLang();
  const st = useServerText();
  const [symbol, setSymbol] = useState(alert?.symbol ?? "");
  const [alertType, setAlertType] = useState<AlertTypeValue>(alert?.alertType ?? "above");
  const [target, setTarget] = useState(alert ? String(alert.targetValue) : "");
  const { form, intent } = useAlertForm(alert, () => {
    setSymbol("");
    setTarget("");
    onClose();
  });
  const { busy, fields: errors } = form;
  const id = useId();
  const percent = isPercentType(alertType);
  const { quote: known, holds } = useLastPrice(symbol, alertType, target);
  const title = alert ? t("form.editTitle") : t("form.title");

  return (
    <form.Form
      ref={form.formRef}
      method="post"
      noValidate
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      aria-labelledby={`${id}-title`}
      onSubmit={form.onSubmit}
    >
      <h3 id={`${id}-title`} className="text-lg font-semibold text-brand-900">
        {title}
      </h3>
      <input type="hidden" name="intent" value={intent} />
      {alert ? <input type="hidden" name="id" value={alert.id} /> : null}
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
          {known ? (
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
        {alertType === "move_window" ? (
          <SelectField
            label={t("form.window")}
            name="windowMinutes"
            defaultValue={String(alert?.windowMinutes ?? 60)}
            options={MOVE_WINDOWS.map((w) => ({ value: String(w), label: t(`form.windows.${w}`) }))}
            error={st(errors.windowMinutes)}
          />
        ) : null}
        <AlertScheduleFields alert={alert} errors={errors} />
      </div>
      {known && holds ? (
        <p
          role="status"
          data-testid="holds-now"
          className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {t(`form.holdsNow.${alertType}`, {
            name: instrumentName(known, lang),
            target: f.target(Number(target)),
          })}
        </p>
      ) : null}
      <AlertChannels alert={alert} error={errors.webhookId} />
      <div className="mt-5 flex flex-wrap gap-3">
        <button type="submit" className={buttonClass} disabled={busy || !symbol.trim() || !target.trim()}>
          {alert
            ? busy
              ? t("form.saving")
              : t("form.save")
            : busy
              ? t("form.submitting")
              : t("form.submit")}
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
