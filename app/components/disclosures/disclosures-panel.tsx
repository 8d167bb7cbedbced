import { useTranslation } from "react-i18next";
import type { Disclosure } from "#common/disclosures";
import { useFormat } from "~/lib/use-format";
import "~/locales/disclosures";

/**
 * A company's announcements from its exchange's feeds, newest first: date, title (linking to the
 * exchange's page), the cleaned text and the feed it came from (docs/product/markets.md).
 */
export function DisclosuresPanel({ items }: { items: Disclosure[] }) {
  const { t } = useTranslation("disclosures");
  const f = useFormat();
  return (
    <section
      id="disclosures"
      aria-labelledby="disclosures-title"
      className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="disclosures"
    >
      <h2 id="disclosures-title" className="text-lg font-semibold">
        {t("heading")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
      {items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">{t("none")}</p>
      ) : (
        <ol className="mt-3 divide-y divide-slate-100">
          {items.map((d) => (
            <li key={d.id} className="py-3 text-sm" data-testid="disclosure">
              <p className="text-xs text-slate-500">
                <time dateTime={d.publishedAt}>{f.dateTime(d.publishedAt)}</time>
                {d.dateUnknown ? ` (${t("dateUnknown")})` : ""}
              </p>
              <p className="mt-0.5 font-medium" lang={d.language} dir="auto">
                {d.link ? (
                  <a
                    href={d.link}
                    rel="noopener noreferrer nofollow"
                    target="_blank"
                    className="text-brand-700 hover:underline"
                  >
                    {d.title}
                  </a>
                ) : (
                  d.title
                )}
              </p>
              {d.description ? (
                <div
                  className="mt-1 line-clamp-3 text-slate-700"
                  lang={d.language}
                  dir="auto"
                  // Sanitised on ingest with the news pipeline's allow-list (server/news/sanitizer.ts).
                  dangerouslySetInnerHTML={{ __html: d.description }}
                />
              ) : null}
              <p className="mt-1 text-xs text-slate-500">{t("source", { source: d.source })}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
