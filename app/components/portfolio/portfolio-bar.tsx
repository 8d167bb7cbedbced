import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonClass, Field, SelectField } from "~/components/forms/field";
import { Link } from "~/components/link";
import { panelClass, tabClass, toolClass } from "./styles";
import { BASE_CURRENCIES, type PortfolioView } from "./types";
import { usePortfolioCall } from "./use-portfolio-call";
import "~/locales/portfolio";

/** The reader's portfolios as tabs (links, so they work before JavaScript). */
export function PortfolioTabs({ portfolios, selected }: { portfolios: PortfolioView[]; selected: string }) {
  const { t } = useTranslation("portfolio");
  return (
    <nav aria-label={t("bar.tabs")} className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
      {portfolios.map((p) => (
        <Link
          key={p.id}
          to={`/portfolio?id=${p.id}`}
          preventScrollReset
          aria-current={p.id === selected ? "page" : undefined}
          className={tabClass(p.id === selected)}
        >
          <span dir="auto">{p.name}</span>
          <span className={p.id === selected ? "text-white/80" : "text-slate-500"}>{p.baseCurrency}</span>
        </Link>
      ))}
    </nav>
  );
}

/** Name and base currency: a new portfolio, or the open one's new settings. */
function SettingsForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  busy,
}: {
  initial?: PortfolioView;
  submitLabel: string;
  onSubmit: (body: { name: string; baseCurrency: string }) => Promise<Record<string, string> | undefined>;
  onCancel?: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation("portfolio");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const options = BASE_CURRENCIES.map((c) => ({ value: c, label: t(`currencies.${c}`) }));
  return (
    <form
      noValidate
      className="flex flex-wrap items-end gap-3"
      onSubmit={async (e) => {
        e.preventDefault();
        const data = new FormData(e.currentTarget);
        const form = e.currentTarget;
        const body = {
          name: String(data.get("name") ?? "").trim(),
          baseCurrency: String(data.get("baseCurrency")),
        };
        const problem = await onSubmit(body);
        setErrors(problem ?? {});
        if (!problem && !initial) form.reset();
      }}
    >
      <Field
        label={t("bar.name")}
        name="name"
        defaultValue={initial?.name ?? ""}
        placeholder={t("bar.namePlaceholder")}
        maxLength={80}
        required
        error={errors.name}
        className="min-w-0 flex-1 sm:max-w-xs"
      />
      <SelectField
        label={t("bar.baseCurrency")}
        name="baseCurrency"
        defaultValue={initial?.baseCurrency ?? "SAR"}
        options={options}
        error={errors.baseCurrency}
        className="min-w-0 sm:w-56"
      />
      <button type="submit" className={buttonClass} disabled={busy}>
        {submitLabel}
      </button>
      {onCancel ? (
        <button type="button" className={toolClass} onClick={onCancel}>
          {t("cancel")}
        </button>
      ) : null}
    </form>
  );
}

/** A refusal naming a field, as the form's errors. */
export const fieldProblem = (r: { ok: boolean; field?: string; error?: string }) =>
  r.ok ? undefined : r.field ? { [r.field]: r.error ?? "" } : {};

/** Create, rename (and change the base currency of) and delete portfolios. */
export function PortfolioTools({
  portfolio,
  onCreated,
  onDeleted,
}: {
  portfolio: PortfolioView | undefined;
  onCreated: (id: string) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation("portfolio");
  const { call, busy } = usePortfolioCall();
  const [mode, setMode] = useState<"none" | "new" | "edit">(portfolio ? "none" : "new");
  return (
    <div className={`${panelClass} flex flex-col gap-3`}>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={toolClass} onClick={() => setMode(mode === "new" ? "none" : "new")}>
          <Plus aria-hidden className="size-4" />
          {t("bar.new")}
        </button>
        {portfolio ? (
          <>
            <button
              type="button"
              className={toolClass}
              onClick={() => setMode(mode === "edit" ? "none" : "edit")}
            >
              <Pencil aria-hidden className="size-4" />
              {t("bar.rename")}
            </button>
            <button
              type="button"
              className={toolClass}
              disabled={busy}
              onClick={async () => {
                if (!window.confirm(t("bar.confirmDelete", { name: portfolio.name }))) return;
                const r = await call(`/${portfolio.id}`, "DELETE");
                if (r.ok) onDeleted();
              }}
            >
              <Trash2 aria-hidden className="size-4" />
              {t("bar.delete")}
            </button>
          </>
        ) : null}
      </div>
      {mode === "new" ? (
        <SettingsForm
          submitLabel={t("bar.create")}
          busy={busy}
          onSubmit={async (body) => {
            const r = await call<{ portfolio: PortfolioView }>("", "POST", body);
            if (r.ok) {
              setMode("none");
              onCreated(r.data.portfolio.id);
            }
            return fieldProblem(r);
          }}
        />
      ) : null}
      {mode === "edit" && portfolio ? (
        <SettingsForm
          key={portfolio.id}
          initial={portfolio}
          submitLabel={t("save")}
          busy={busy}
          onCancel={() => setMode("none")}
          onSubmit={async (body) => {
            const r = await call(`/${portfolio.id}`, "PATCH", body);
            if (r.ok) setMode("none");
            return fieldProblem(r);
          }}
        />
      ) : null}
    </div>
  );
}
