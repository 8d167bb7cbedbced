import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { fieldErrors } from "#common/action-result";
import { levelHolds } from "#common/alert-holds";
import { ALERT_FREQUENCIES, type AlertFrequency, MOVE_WINDOWS } from "#common/alert-options";
import {
  ALERT_TYPES,
  type AlertTypeValue,
  alertFormSchema,
  DEFAULT_COOLDOWN_SECONDS,
  isPercentType,
  MIN_COOLDOWN_SECONDS,
} from "#common/alert-schema";
import { buttonClass, Checkbox, Field, SelectField } from "~/components/forms/field";
import { useForm } from "~/components/forms/use-form";
import { instrumentName } from "~/components/market/format";
import { useLang } from "~/lib/locale";
import { useServerText } from "~/lib/server-text";
import { toast } from "~/lib/toast";
import { useFormat } from "~/lib/use-format";
import { InstrumentPicker } from "./instrument-picker";
import type { AlertActionResult, AlertHolds, AlertView, Suggestion, WebhookView } from "./types";
import { useQuotes } from "./use-quotes";
import "~/locales/alerts";

/** A stored time as a datetime-local value in the browser's zone ("" when none). */
function toLocalInput(iso: string | null) {
  if (!iso) return "";
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The browser's UTC offset at that local time (DST-aware), for the server to read the expiry. */
const offsetAt = (local: string) => (local ? String(new Date(local).getTimezoneOffset()) : "");

const getJson = <T,>(url: string, signal: AbortSignal) =>
  fetch(url, { signal, headers: { accept: "application/json" } }).then((res) =>
    res.ok ? (res.json() as Promise<T>) : null,
  );

/**
 * The reader's webhook endpoints, fetched when the form opens (GET /api/webhooks; null until they
 * are known). The page's data leaves them out, so that its render can be remembered.
 */
function useWebhooks() {
  const [webhooks, setWebhooks] = useState<WebhookView[] | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    // Without the endpoints the form offers none.
    getJson<{ endpoints?: WebhookView[] }>("/api/webhooks", abort.signal)
      .then((body) => setWebhooks(body?.endpoints ?? []))
      .catch(() => {
        if (!abort.signal.aborted) setWebhooks([]);
      });
    return () => abort.abort();
  }, []);
  return webhooks;
}

/** The typed symbol once the typing pauses, so the price is asked for once per instrument. */
function useSettled(value: string, ms = 250) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The selected instrument's last price and whether a level alert would already hold at it (then
 * it fires as soon as it is created). A stale quote says nothing: the evaluator never reads it.
 */
function useLastPrice(symbol: string, alertType: AlertTypeValue, target: string) {
  const settled = useSettled(symbol.trim());
  const quotes = useQuotes(settled ? [settled] : []);
  // The answer names the instrument the server resolved ("tasi" -> TASI, "dirham" -> USD/AED).
  const quote = settled === symbol.trim() ? [...quotes.values()][0] : undefined;
  const value = Number(target);
  const holds =
    quote !== undefined &&
    quote.freshness !== "stale" &&
    target.trim() !== "" &&
    value > 0 &&
    levelHolds(alertType, value, quote.price);
  return { quote, holds };
}

/**
 * 'Create Price Alert' and its rules (docs/product/alerts.md); with `alert`, the same form edits
 * that alert (every field).
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
  const webhooks = useWebhooks();
  const intent = alert ? "update" : "create";
  const [symbol, setSymbol] = useState(alert?.symbol ?? "");
  const [alertType, setAlertType] = useState<AlertTypeValue>(alert?.alertType ?? "above");
  const [target, setTarget] = useState(alert ? String(alert.targetValue) : "");
  const [frequency, setFrequency] = useState<AlertFrequency>(alert?.frequency ?? "once");
  const [expires, setExpires] = useState(() => toLocalInput(alert?.expiresAt ?? null));
  const [webhook, setWebhook] = useState(alert?.notifyWebhook ?? false);
  const form = useForm<AlertActionResult>({
    key: alert ? `edit-alert-${alert.id}` : "create-alert",
    schema: alertFormSchema,
    resetOnSuccess: !alert,
    invalid: (error) => ({ ok: false, intent, error: "", fields: fieldErrors(error) }),
    onResult: (result) => {
      if (result.intent !== intent) return;
      if (result.ok) {
        if (alert)
          toast.success(t("toast.updated"), {
            description: [
              t("toast.updatedText"),
              result.holds ? t(`form.holdsNow.${result.holds.alertType}`, holdsText(result.holds)) : "",
            ]
              .filter(Boolean)
              .join(". "),
          });
        else
          toast.success(t("toast.created"), {
            description: [
              t("toast.createdText", { symbol: result.symbol }),
              result.holds ? t(`form.holdsNow.${result.holds.alertType}`, holdsText(result.holds)) : "",
            ]
              .filter(Boolean)
              .join(". "),
          });
        setSymbol("");
        setTarget("");
        onClose();
      } else if (result.error === "auth") {
        toast.error(t("toast.authRequired"), { description: t("toast.authRequiredText") });
      } else {
        toast.error(alert ? t("toast.updateFailed") : t("toast.createFailed"), {
          description: st(result.error),
        });
      }
    },
  });
  const { busy, fields: errors } = form;
  const holdsText = (h: AlertHolds) => ({
    name: instrumentName(h, lang),
    target: f.target(h.target),
  });
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
        <SelectField
          label={t("form.frequency")}
          name="frequency"
          value={frequency}
          onChange={(e) => setFrequency(e.target.value as AlertFrequency)}
          options={ALERT_FREQUENCIES.map((v) => ({ value: v, label: t(`form.frequencies.${v}`) }))}
        />
        {frequency === "every" ? (
          <Field
            label={t("form.cooldown")}
            name="cooldownSeconds"
            type="number"
            inputMode="numeric"
            min={MIN_COOLDOWN_SECONDS}
            step="1"
            defaultValue={String(alert?.cooldownSeconds ?? DEFAULT_COOLDOWN_SECONDS)}
            error={st(errors.cooldownSeconds)}
          />
        ) : null}
        <Field
          label={t("form.expiresAt")}
          name="expiresAt"
          type="datetime-local"
          value={expires}
          onChange={(e) => setExpires(e.target.value)}
          error={st(errors.expiresAt)}
        />
        <input type="hidden" name="tzOffset" value={offsetAt(expires)} />
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
      <fieldset className="mt-4">
        <legend className="text-sm font-medium text-slate-700">{t("form.channels")}</legend>
        <p className="text-xs text-slate-500">{t("form.inAppAlways")}</p>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          <Checkbox name="notifyEmail" label={t("form.notifyEmail")} defaultChecked={alert?.notifyEmail} />
          <Checkbox name="notifyPush" label={t("form.notifyPush")} defaultChecked={alert?.notifyPush} />
          <Checkbox
            name="notifyWebhook"
            label={t("form.notifyWebhook")}
            checked={webhook}
            onChange={(e) => setWebhook(e.target.checked)}
          />
        </div>
        {webhook ? (
          webhooks === null ? (
            <p className="mt-2 text-xs text-slate-500">{t("loading")}</p>
          ) : webhooks.length > 0 ? (
            <SelectField
              className="mt-3 max-w-sm"
              label={t("form.webhook")}
              name="webhookId"
              defaultValue={alert?.webhookId ?? ""}
              placeholder={t("form.webhookDefault")}
              options={webhooks.map((w) => ({ value: w.id, label: w.label || w.url }))}
              error={st(errors.webhookId)}
            />
          ) : (
            <p className="mt-2 text-xs text-slate-500">{t("form.noWebhooks")}</p>
          )
        ) : null}
      </fieldset>
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
