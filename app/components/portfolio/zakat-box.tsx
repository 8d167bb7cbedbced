import { useTranslation } from "react-i18next";
import type { Format } from "~/lib/format";
import { useFormat } from "~/lib/use-format";
import { moneyText, weightText } from "./numbers";
import { headingClass, panelClass } from "./styles";
import type { PortfolioSnapshot } from "./types";
import "~/locales/portfolio";

/**
 * The Hijri (Umm al-Qura) date in the page's language and digits; the engine's own text when the
 * browser's calendar data lacks it.
 */
function hijriDate(f: Format, date: string, fallback: string) {
  try {
    const locale = `${f.lang === "ar" ? "ar-SA" : "en"}-u-ca-islamic-umalqura-nu-${f.digits}`;
    return new Intl.DateTimeFormat(locale, {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    }).format(new Date(`${date}T00:00:00Z`));
  } catch {
    return f.digitsIn(fallback);
  }
}

/** The zakat estimate: its amount, its base and rate, the Hijri date it falls due, and what it is not. */
export function ZakatBox({ snapshot }: { snapshot: PortfolioSnapshot }) {
  const { t } = useTranslation("portfolio");
  const f = useFormat();
  const { zakat, baseCurrency: base } = snapshot;
  return (
    <section
      className={`${panelClass} border-emerald-200`}
      aria-labelledby="zakat-heading"
      data-testid="zakat"
    >
      <h2 id="zakat-heading" className={headingClass}>
        {t("zakat.heading")}
      </h2>
      <p className="mt-2 text-2xl font-bold tabular-nums text-emerald-800">
        {moneyText(f, zakat.amount, base)}
      </p>
      <p className="text-sm text-slate-700">
        {t("zakat.base", { value: moneyText(f, zakat.base, base), rate: weightText(f, zakat.rate) })}
      </p>
      <p className="text-sm text-slate-700">
        {t("zakat.due", {
          hijri: hijriDate(f, zakat.dueDate, zakat.dueDateHijri),
          date: f.date(zakat.dueDate),
        })}
      </p>
      <p className="mt-2 text-sm text-slate-600">{t("zakat.explain")}</p>
    </section>
  );
}
