import { useTranslation } from "react-i18next";
import type { ShariahRuling } from "#common/shariah";
import { detectLanguage, textDir } from "#common/text-direction";
import { useLang } from "~/lib/locale";
import { useFormat } from "~/lib/use-format";
import "~/locales/shariah";

const RULING_STYLE: Record<ShariahRuling["ruling"], string> = {
  compliant: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  "non-compliant": "bg-red-50 text-red-800 ring-red-200",
  mixed: "bg-amber-50 text-amber-900 ring-amber-200",
};

/**
 * A company's Shariah status: each authority's published ruling with the list's date and link and
 * the purification per share where the authority publishes one. The site reports rulings; the
 * sentence saying so is always shown, with or without rulings (docs/product/markets.md).
 */
export function ShariahPanel({ rulings, currency }: { rulings: ShariahRuling[]; currency: string }) {
  const { t } = useTranslation("shariah");
  const lang = useLang();
  const f = useFormat();
  return (
    <section
      aria-labelledby="shariah-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="shariah-status"
    >
      <h2 id="shariah-title" className="text-lg font-semibold">
        {t("heading")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("notARuling")}</p>
      {rulings.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">{t("none")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {rulings.map((r) => {
            const authority = lang === "ar" ? r.authority.nameAr : r.authority.nameEn;
            return (
              <li
                key={r.authority.id}
                className="grid gap-1 py-3 text-sm sm:grid-cols-[minmax(0,2fr)_auto_auto]"
              >
                <span className="font-medium">{authority}</span>
                <span>
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${RULING_STYLE[r.ruling]}`}
                  >
                    {t(`rulings.${r.ruling}`)}
                  </span>
                </span>
                <span className="text-slate-600 sm:text-end">
                  {t("listDate")}: <time dateTime={r.listDate}>{f.date(`${r.listDate}T00:00:00Z`)}</time>
                </span>
                <span className="text-slate-600 sm:col-span-3">
                  {t("purification")}:{" "}
                  {r.purificationPerShare ? (
                    <bdi dir="ltr">{`${f.digitsIn(r.purificationPerShare)} ${currency}`}</bdi>
                  ) : (
                    t("noPurification")
                  )}
                  {" · "}
                  <a
                    href={r.listUrl}
                    rel="noopener noreferrer nofollow"
                    target="_blank"
                    className="font-medium text-brand-700 hover:underline"
                    aria-label={t("openList", { authority })}
                  >
                    {t("list")}
                  </a>
                </span>
                {r.source ? (
                  <span className="text-xs text-slate-500 sm:col-span-3">
                    {t("source")}: <SourceNote text={r.source} />
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/**
 * A row's provenance note in its own language, whatever the page's: editors write them in English
 * or Arabic (the shipped rows' notes are English, quoting the lists' Arabic terms), so the note is
 * marked by its letters for screen readers and laid out in its own direction.
 */
function SourceNote({ text }: { text: string }) {
  return (
    <bdi lang={detectLanguage(text)} dir={textDir(text)} data-field="shariah-source">
      {text}
    </bdi>
  );
}
