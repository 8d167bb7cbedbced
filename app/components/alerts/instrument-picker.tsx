import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { InstrumentSummary } from "#common/instruments";
import { describedBy, FieldShell, Input } from "~/components/forms/field";
import { instrumentName } from "~/components/market/format";
import { useLang } from "~/lib/locale";
import type { Suggestion } from "./types";
import "~/locales/alerts";

interface Option {
  symbol: string;
  name: string;
  nameAr?: string;
  exchange?: string;
}

const SEARCH_DELAY_MS = 150;
const MAX_OPTIONS = 8;

function fromSummary(i: InstrumentSummary): Option {
  // The API falls back to the English name when no Arabic one is known: show it once.
  return {
    symbol: i.symbol,
    name: i.name,
    nameAr: i.nameAr === i.name ? undefined : i.nameAr,
    exchange: i.exchange,
  };
}

/**
 * The alert form's symbol field: an ARIA combobox that searches every listed company and curated
 * instrument by symbol or by English or Arabic name (GET /api/instruments). The input keeps
 * name="symbol", so the form still posts what was typed before JavaScript loads; the server checks
 * the symbol against the universe either way.
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
  const lang = useLang();
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [results, setResults] = useState<Option[] | null>(null);
  const [loading, setLoading] = useState(false);
  const request = useRef<AbortController | null>(null);

  const query = value.trim();
  const options: Option[] = query
    ? (results ?? [])
    : suggestions.slice(0, MAX_OPTIONS).map((s) => ({ symbol: s.symbol, name: s.name, nameAr: s.nameAr }));

  useEffect(() => {
    if (!query || !open) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      request.current?.abort();
      request.current = controller;
      setLoading(true);
      fetch(`/api/instruments?${new URLSearchParams({ q: query, limit: String(MAX_OPTIONS) })}`, {
        signal: controller.signal,
        headers: { accept: "application/json" },
      })
        .then((res) => (res.ok ? res.json() : { instruments: [] }))
        .then((body: { instruments?: InstrumentSummary[] }) => {
          setResults((body.instruments ?? []).map(fromSummary));
          setActive(-1);
        })
        .catch(() => {
          if (!controller.signal.aborted) setResults([]);
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, open]);

  function choose(option: Option) {
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
      <div
        id={listId}
        role="listbox"
        aria-label={t("picker.listLabel")}
        hidden={!expanded}
        className="absolute inset-x-0 z-20 mt-1 max-h-72 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
      >
        {options.map((option, i) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (aria-activedescendant)
          <div
            key={option.symbol}
            tabIndex={-1}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            // Keeps the input focused, so blur does not close the list before the click lands.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(option)}
            className={`flex cursor-pointer items-baseline gap-2 px-3 py-2 ${i === active ? "bg-brand-50" : "hover:bg-slate-50"}`}
          >
            <bdi dir="ltr" className="shrink-0 font-semibold text-slate-900">
              {option.symbol}
            </bdi>
            <span className="min-w-0 flex-1 truncate text-slate-600">{instrumentName(option, lang)}</span>
            {option.exchange ? (
              <span className="shrink-0 text-xs text-slate-400">
                {t(`picker.exchanges.${option.exchange}`, option.exchange)}
              </span>
            ) : null}
          </div>
        ))}
      </div>
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
