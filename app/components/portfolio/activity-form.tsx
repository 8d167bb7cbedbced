import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { InstrumentSummary } from "#common/instruments";
import { InstrumentPicker } from "~/components/alerts/instrument-picker";
import type { Suggestion } from "~/components/alerts/types";
import { buttonClass, Field, SelectField } from "~/components/forms/field";
import { activityBody, activityValues, FIELDS_BY_TYPE } from "./activity-fields";
import { fieldProblem } from "./portfolio-bar";
import { headingClass, panelClass, toolClass } from "./styles";
import { ACTIVITY_TYPES, type Activity, type ActivityType } from "./types";
import { usePortfolioCall } from "./use-portfolio-call";
import "~/locales/portfolio";

const today = () => new Date().toISOString().slice(0, 10);

/** The chosen instrument's own currency (KWD for a Kuwaiti listing), once its symbol is known. */
function useInstrumentCurrency(symbol: string, onCurrency: (code: string) => void) {
  useEffect(() => {
    const q = symbol.trim();
    if (!q) return;
    const ac = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/instruments?${new URLSearchParams({ q, limit: "5" })}`, { signal: ac.signal })
        .then((res) => (res.ok ? res.json() : { instruments: [] }))
        .then((body: { instruments?: InstrumentSummary[] }) => {
          const hit = body.instruments?.find((i) => i.symbol.toLowerCase() === q.toLowerCase());
          if (hit?.currency) onCurrency(hit.currency);
        })
        .catch(() => undefined);
    }, 200);
    return () => {
      clearTimeout(timer);
      ac.abort();
    };
  }, [symbol, onCurrency]);
}

const numberFields = ["quantity", "unitPrice", "amount", "commission", "vat", "withholding", "splitRatio"];

/**
 * Adds an activity, or edits one (`editing`): the type decides the fields (a buy has a price,
 * commission and VAT; a dividend an amount and the tax withheld; a split its ratio). A refusal
 * (a sale beyond the holding, an unknown instrument) shows beside its field and nothing changes.
 */
export function ActivityForm({
  portfolioId,
  baseCurrency,
  suggestions,
  editing,
  onDone,
}: {
  portfolioId: string;
  baseCurrency: string;
  suggestions: Suggestion[];
  editing?: Activity;
  onDone?: () => void;
}) {
  const { t } = useTranslation("portfolio");
  const { call, busy } = usePortfolioCall();
  const [type, setType] = useState<ActivityType>(editing?.type ?? "buy");
  const [values, setValues] = useState<Record<string, string>>(
    editing ? activityValues(editing) : { date: today(), currency: baseCurrency },
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: string) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const [setCurrency] = useState(() => (code: string) => setValues((v) => ({ ...v, currency: code })));
  useInstrumentCurrency(values.symbol ?? "", setCurrency);
  const used = new Set<string>(FIELDS_BY_TYPE[type]);
  // A refusal naming a field the form does not show (the order of activities) is said under it.
  const orphan = Object.entries(errors).find(([k]) => !used.has(k) && !["type", "date", "note"].includes(k));

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const body = activityBody(type, values);
    const path = `/${portfolioId}/activities${editing ? `/${editing.id}` : ""}`;
    const r = await call(path, editing ? "PATCH" : "POST", body);
    setErrors(fieldProblem(r) ?? {});
    if (!r.ok) return;
    setValues((v) => ({ date: v.date ?? today(), currency: v.currency ?? baseCurrency }));
    onDone?.();
  }

  const input = (key: string, label: string) => (
    <Field
      key={key}
      label={label}
      name={key}
      inputMode="decimal"
      dir="ltr"
      value={values[key] ?? ""}
      onChange={(e) => set(key)(e.target.value)}
      error={errors[key]}
    />
  );

  return (
    <form
      noValidate
      onSubmit={submit}
      className={`${panelClass} flex flex-col gap-3`}
      data-testid="activity-form"
    >
      <h2 className={headingClass}>{editing ? t("activity.editHeading") : t("activity.heading")}</h2>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          label={t("activity.type")}
          name="type"
          value={type}
          onChange={(e) => setType(e.target.value as ActivityType)}
          options={ACTIVITY_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
          error={errors.type}
        />
        <Field
          label={t("activity.date")}
          name="date"
          type="date"
          value={values.date ?? ""}
          onChange={(e) => set("date")(e.target.value)}
          error={errors.date}
        />
        {used.has("symbol") ? (
          <InstrumentPicker
            label={t("activity.symbol")}
            placeholder={t("activity.symbolPlaceholder")}
            value={values.symbol ?? ""}
            onChange={set("symbol")}
            error={errors.symbol}
            suggestions={suggestions}
          />
        ) : null}
        {numberFields
          .filter((k) => used.has(k))
          .map((k) =>
            input(k, t(k === "quantity" && type === "bonus" ? "activity.bonusQuantity" : `activity.${k}`)),
          )}
        {used.has("currency") ? (
          <Field
            label={t("activity.currency")}
            name="currency"
            dir="ltr"
            maxLength={3}
            value={values.currency ?? ""}
            onChange={(e) => set("currency")(e.target.value.toUpperCase())}
            error={errors.currency}
          />
        ) : null}
        <Field
          label={t("activity.note")}
          name="note"
          maxLength={200}
          value={values.note ?? ""}
          onChange={(e) => set("note")(e.target.value)}
          error={errors.note}
        />
      </div>
      {orphan ? (
        <p role="alert" className="text-sm text-red-600">
          {orphan[1]}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass} disabled={busy}>
          {editing ? t("save") : t("activity.add")}
        </button>
        {editing ? (
          <button type="button" className={toolClass} onClick={onDone}>
            {t("cancel")}
          </button>
        ) : null}
      </div>
    </form>
  );
}
