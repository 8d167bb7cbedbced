import { useTranslation } from "react-i18next";
import { instrumentName } from "~/components/market/format";
import { useLang } from "~/lib/locale";
import type { InstrumentOption } from "./use-instrument-search";
import "~/locales/alerts";

/** The picker's listbox: each option's symbol, name in the page's language and exchange. */
export function InstrumentOptions({
  listId,
  hidden,
  options,
  active,
  optionId,
  onChoose,
}: {
  listId: string;
  hidden: boolean;
  options: InstrumentOption[];
  active: number;
  optionId(i: number): string;
  onChoose(option: InstrumentOption): void;
}) {
  const { t } = useTranslation("alerts");
  const lang = useLang();
  return (
    <div
      id={listId}
      role="listbox"
      aria-label={t("picker.listLabel")}
      hidden={hidden}
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
          onClick={() => onChoose(option)}
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
  );
}
