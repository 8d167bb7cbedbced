import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { DIGITS, DIGITS_COOKIE, type Digits } from "~/lib/format";
import { useDigits } from "~/lib/use-format";

/** Browser only: remembers the digits setting for a year (the server formats with it too). */
function saveDigits(digits: Digits) {
  // biome-ignore lint/suspicious/noDocumentCookie: the server must read it; Cookie Store is not everywhere
  document.cookie = `${DIGITS_COOKIE}=${digits}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/**
 * Western (123) or Arabic-Indic (١٢٣) digits for every number, price and date. The choice is a
 * cookie the root loader returns; revalidating reloads the data (the server-formatted dashboard
 * too) so the page changes in place, without a reload.
 */
export function DigitsSwitch() {
  const { t } = useTranslation();
  const current = useDigits();
  const revalidator = useRevalidator();
  return (
    <fieldset className="flex items-center gap-2">
      <legend className="sr-only">{t("digits.label")}</legend>
      <span aria-hidden>{t("digits.label")}</span>
      <span className="inline-flex overflow-hidden rounded-md ring-1 ring-white/25">
        {DIGITS.map((digits) => (
          <button
            key={digits}
            type="button"
            aria-pressed={current === digits}
            title={t(`digits.${digits}Name`)}
            data-digits={digits}
            onClick={() => {
              if (digits === current) return;
              saveDigits(digits);
              void revalidator.revalidate();
            }}
            className={`px-2 py-1 tabular-nums ${
              current === digits
                ? "bg-gold-400 font-semibold text-brand-900"
                : "text-slate-200 hover:bg-white/10"
            }`}
          >
            {t(`digits.${digits}`)}
            <span className="sr-only"> {t(`digits.${digits}Name`)}</span>
          </button>
        ))}
      </span>
    </fieldset>
  );
}
