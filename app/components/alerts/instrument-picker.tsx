import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { describedBy, FieldShell, Input } from "~/components/forms/field";
import { InstrumentOptions } from "./instrument-options";
import type { Suggestion } from "./types";
import { type InstrumentOption, MAX_OPTIONS, useInstrumentSearch } from "./use-instrument-search";
import "~/locales/alerts";

/**
 * The alert form's symbol field: an ARIA combobox that searches every listed company and curated
 * instrument by symbol or by English or Arabic name (GET /api/instruments). The input keeps
 * name="symbol", so the form still posts what was typed before JavaScript loads; the server checks
 * the symbol against the universe either way. The search is ./use-instrument-search.ts, the list
 * ./instrument-options.tsx.
 */
export function InstrumentPicker({
  label,
  placeholder,
  value,
  onChange,
  error,
  suggestions,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange(symbol: string): void;
  error?: string;
  suggestions: Suggestion[];
}) {
  const { t } = useTranslation("alerts");
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = value.trim();
  const { results, loading } = useInstrumentSearch(query, open, () => setActive(-1));
  const options: InstrumentOption[] = query
    ? (results ?? [])
    : suggestions.slice(0, MAX_OPTIONS).map((s) => ({ symbol: s.symbol, name: s.name, nameAr: s.nameAr }));

  function choose(option: InstrumentOption) {
    onChange(option.symbol);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      setOpen(true);
      setActive((i) => (options.length ? (i + 1) % options.length : -1));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setOpen(true);
      setActive((i) => (options.length ? (i <= 0 ? options.length - 1 : i - 1) : -1));
    } else if (e.key === "Enter" && open && active >= 0 && options[active]) {
      e.preventDefault();
      choose(options[active]);
    } else if (e.key === "Escape" && open) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  const expanded = open && options.length > 0;
  const optionId = (i: number) => `${id}-opt-${i}`;

  return (
    <FieldShell id={id} label={label} error={error} className="relative">
      <Input
        id={id}
        name="symbol"
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        {...describedBy(id, error)}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <InstrumentOptions
        listId={listId}
        hidden={!expanded}
        options={options}
        active={active}
        optionId={optionId}
        onChoose={choose}
      />
      {open && query && results !== null && !loading && options.length === 0 ? (
        <p
          role="status"
          className="absolute inset-x-0 z-20 mt-1 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm text-slate-500 shadow-lg"
        >
          {t("picker.noResults")}
        </p>
      ) : null}
    </FieldShell>
  );
}
