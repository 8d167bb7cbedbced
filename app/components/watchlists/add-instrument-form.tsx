import { Plus } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { fillMessage, WATCHLIST_MESSAGES } from "#common/watchlist-schema";
import { buttonClass, Input } from "~/components/forms/field";
import { useServerText } from "~/lib/server-text";
import "~/locales/watchlists";

export interface Suggestion {
  symbol: string;
  name: string;
}

/**
 * Adds an instrument by symbol or name; the box suggests the markets' instruments. `onAdd` returns
 * an error text for a refusal it can tell at once (the local list knows only these instruments).
 */
export function AddInstrumentForm({
  suggestions,
  busy,
  onAdd,
}: {
  suggestions: Suggestion[];
  busy: boolean;
  onAdd: (symbol: string) => string | undefined;
}) {
  const { t } = useTranslation("watchlists");
  const st = useServerText();
  const id = useId();
  const [error, setError] = useState("");
  return (
    <form
      noValidate
      className="flex flex-wrap items-start gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const form = e.currentTarget;
        const symbol = String(new FormData(form).get("symbol") ?? "").trim();
        const problem = symbol ? onAdd(symbol) : WATCHLIST_MESSAGES.symbolRequired;
        setError(problem ? st(problem) : "");
        if (!problem) form.reset();
      }}
    >
      <div className="min-w-0 flex-1 sm:max-w-xs">
        <label htmlFor={id} className="sr-only">
          {t("add.label")}
        </label>
        <Input
          id={id}
          name="symbol"
          list={`${id}-list`}
          placeholder={t("add.placeholder")}
          autoComplete="off"
          maxLength={40}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <datalist id={`${id}-list`}>
          {suggestions.map((s) => (
            <option key={s.symbol} value={s.symbol}>
              {s.name}
            </option>
          ))}
        </datalist>
        {error ? (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-600">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" className={buttonClass} disabled={busy}>
        <Plus aria-hidden className="size-4" />
        {t("add.submit")}
      </button>
    </form>
  );
}

/** The refusal for a symbol the local list cannot take (it knows only the markets' instruments). */
export const unknownInstrument = (symbol: string) =>
  fillMessage(WATCHLIST_MESSAGES.unknownSymbol, { symbol: symbol.toUpperCase() });
