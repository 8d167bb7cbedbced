import { ArrowLeft, Clock, Landmark } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Article, ArticleSummary } from "#server/content/types";
import { MachineTranslatedNote } from "~/components/i18n/language-label";
import { Page } from "~/components/layout/page";
import { Link } from "~/components/link";
import { localePath, useLang } from "~/lib/locale";
import { useFormat } from "~/lib/use-format";
import { ArticleCard } from "./article-card";
import { CategoryLabel, LabelText, LiveBadge, PriorityBadge } from "./badges";
import { articleHref, sectionHref } from "./format";
import { localized } from "./localized";
import "~/locales/content";

// Styles for the sanitized Markdown body (h2-h4, lists, links, quotes, tables).
const PROSE =
  "max-w-none text-slate-800 leading-relaxed [&>:first-child]:mt-0 [&_a]:text-brand-600 [&_a]:underline [&_blockquote]:border-s-4 [&_blockquote]:border-slate-300 [&_blockquote]:ps-4 [&_blockquote]:italic [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-semibold [&_h4]:mt-4 [&_h4]:font-semibold [&_img]:my-4 [&_img]:rounded-lg [&_li]:mt-1 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:ps-6 [&_p]:mt-4 [&_table]:mt-4 [&_table]:w-full [&_td]:border [&_td]:border-slate-200 [&_td]:p-2 [&_th]:border [&_th]:border-slate-200 [&_th]:bg-slate-50 [&_th]:p-2 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:ps-6";

export function ArticleView({
  article,
  more,
  now,
}: {
  article: Article;
  more: ArticleSummary[];
  now: number;
}) {
  const { t } = useTranslation("content");
  const f = useFormat();
  const sectionName = t(`sections.${article.section}`);
  const lang = useLang();
  const title = localized(lang, article.title, article.titleAr);
  const excerpt = localized(lang, article.excerpt, article.excerptAr);
  const body = localized(lang, article.bodyHtml, article.bodyHtmlAr);
  return (
    <Page
      title={title.text}
      titleAttrs={title.attrs}
      subtitle={excerpt.text || undefined}
      subtitleAttrs={excerpt.attrs}
    >
      <div className="mx-auto max-w-3xl">
        <Link
          to={sectionHref(article.section)}
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-600 hover:underline"
        >
          <ArrowLeft aria-hidden className="size-4 rtl:-scale-x-100" />
          {t("article.back", { section: sectionName })}
        </Link>
        <div className="mt-4 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          {article.section === "breaking" ? <LiveBadge /> : null}
          {article.priority ? <PriorityBadge priority={article.priority} /> : null}
          {article.category ? <CategoryLabel label={article.category} /> : null}
          {article.bankName ? (
            <span className="inline-flex items-center gap-1.5 font-medium text-brand-700">
              <Landmark aria-hidden className="size-4" />
              <LabelText label={article.bankName} />
            </span>
          ) : null}
          <time
            dateTime={new Date(article.publishedAt).toISOString()}
            className="inline-flex items-center gap-1 text-slate-500"
          >
            <Clock aria-hidden className="size-4" />
            {t("article.published", { date: t("time.gmt", { value: f.dateTime(article.publishedAt) }) })}
            {" · "}
            {f.relative(article.publishedAt, now)}
          </time>
        </div>
        {lang === "ar" && article.arMachineTranslated && article.titleAr ? (
          <MachineTranslatedNote originalHref={localePath("en", articleHref(article))} />
        ) : null}
        <article
          className={`mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 ${PROSE}`}
          // Rendered from Markdown and sanitized on the server (server/content/markdown.ts).
          // Both languages' bodies are rendered and sanitized the same way.
          dangerouslySetInnerHTML={{ __html: body.text }}
          {...body.attrs}
        />
      </div>
      {more.length > 0 ? (
        <section aria-labelledby="more-heading" className="mt-12">
          <h2 id="more-heading" className="text-2xl font-bold text-slate-900">
            {t("article.more", { section: sectionName })}
          </h2>
          <div className="mt-4 grid gap-6 md:grid-cols-3">
            {more.map((a) => (
              <ArticleCard key={a.id} article={a} now={now} compact />
            ))}
          </div>
        </section>
      ) : null}
    </Page>
  );
}
