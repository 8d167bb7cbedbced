import { useTranslation } from "react-i18next";
import { Page } from "~/components/layout/page";
import { Link } from "~/components/link";
import "~/locales/company";

type LegalKey = "privacy" | "terms" | "disclaimer";
interface LegalSection {
  heading: string;
  paragraphs: string[];
}

// Letters of any script: Arabic headings made every id "-" (duplicate ids and landmarks).
const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-|-$/g, "");

const OTHERS: Array<{ key: LegalKey; to: string }> = [
  { key: "privacy", to: "/privacy-policy" },
  { key: "terms", to: "/terms-of-service" },
  { key: "disclaimer", to: "/disclaimer" },
];

/** Static legal text, last updated December 2024 (docs/product/content.md). */
export function LegalPage({ doc }: { doc: LegalKey }) {
  const { t } = useTranslation("company");
  const sections = t(`legal.${doc}.sections`, { returnObjects: true }) as LegalSection[];
  return (
    <Page title={t(`legal.${doc}.title`)} subtitle={t("legal.lastUpdated")}>
      <div className="grid gap-8 lg:grid-cols-[16rem_1fr]">
        <nav aria-label={t("legal.contents")} className="text-sm lg:sticky lg:top-24 lg:self-start">
          <p className="font-semibold text-slate-900">{t("legal.contents")}</p>
          <ol className="mt-2 space-y-1.5">
            {sections.map((s) => (
              <li key={s.heading}>
                <a href={`#${slug(s.heading)}`} className="text-brand-600 hover:underline">
                  {s.heading}
                </a>
              </li>
            ))}
          </ol>
          <ul className="mt-6 space-y-1.5 border-t border-slate-200 pt-4">
            {OTHERS.filter((o) => o.key !== doc).map((o) => (
              <li key={o.key}>
                <Link to={o.to} className="text-slate-600 hover:text-brand-600 hover:underline">
                  {t(`legal.${o.key}.title`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <article className="rounded-xl border border-slate-200 bg-white p-6 leading-relaxed text-slate-800 shadow-sm sm:p-8">
          <p className="text-sm font-medium text-slate-500">{t("legal.lastUpdated")}</p>
          <p className="mt-4">{t(`legal.${doc}.intro`)}</p>
          {sections.map((s) => (
            <section key={s.heading} aria-labelledby={slug(s.heading)} className="mt-8">
              <h2 id={slug(s.heading)} className="scroll-mt-24 text-xl font-bold text-slate-900">
                {s.heading}
              </h2>
              {s.paragraphs.map((p) => (
                <p key={p} className="mt-3">
                  {p}
                </p>
              ))}
            </section>
          ))}
        </article>
      </div>
    </Page>
  );
}
