import { Clock, Landmark } from "lucide-react";
import { useTranslation } from "react-i18next";
import { textDir } from "#common/text-direction";
import type { ArticleSummary } from "#server/content/types";
import { MachineTranslatedTag } from "~/components/i18n/language-label";
import { Link } from "~/components/link";
import { useLang } from "~/lib/locale";
import { useFormat } from "~/lib/use-format";
import { CategoryLabel, LabelText, PriorityBadge } from "./badges";
import { articleHref } from "./format";
import { localized } from "./localized";
import "~/locales/content";

/** One editorial article in a list: category or priority, bank, title, excerpt, relative time. */
export function ArticleCard({
  article,
  now,
  compact = false,
}: {
  article: ArticleSummary;
  now: number;
  compact?: boolean;
}) {
  const { t } = useTranslation("content");
  const f = useFormat();
  const lang = useLang();
  const title = localized(lang, article.title, article.titleAr);
  const excerpt = localized(lang, article.excerpt, article.excerptAr);
  const href = articleHref(article);
  // Compact cards sit under a section heading (home); full ones directly under the page title.
  const Heading = compact ? "h3" : "h2";
  return (
    <article
      className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:shadow-md"
      data-testid="article-card"
    >
      <div className="flex flex-wrap items-center gap-2 text-xs">
        {article.priority ? <PriorityBadge priority={article.priority} /> : null}
        {article.category ? <CategoryLabel label={article.category} /> : null}
        {lang === "ar" && article.arMachineTranslated && article.titleAr ? <MachineTranslatedTag /> : null}
        <time
          dateTime={new Date(article.publishedAt).toISOString()}
          title={t("time.gmt", { value: f.dateTime(article.publishedAt) })}
          className="inline-flex items-center gap-1 text-slate-500"
        >
          <Clock aria-hidden className="size-3.5" />
          {f.relative(article.publishedAt, now)}
        </time>
      </div>
      {article.bankName ? (
        <p className="mt-3 inline-flex items-center gap-1.5 text-sm font-medium text-brand-700">
          <Landmark aria-hidden className="size-4" />
          <LabelText label={article.bankName} />
        </p>
      ) : null}
      <Heading
        dir={textDir(title.text)}
        lang={title.attrs.lang}
        className={`mt-2 font-semibold text-slate-900 ${compact ? "text-base" : "text-lg"}`}
      >
        <Link to={href} className="hover:text-brand-600 hover:underline">
          {title.text}
        </Link>
      </Heading>
      {excerpt.text ? (
        <p
          dir={textDir(excerpt.text)}
          lang={excerpt.attrs.lang}
          className={`mt-2 text-slate-600 ${compact ? "line-clamp-2 text-sm" : "line-clamp-3"}`}
        >
          {excerpt.text}
        </p>
      ) : null}
      <Link
        to={href}
        className="mt-auto pt-3 text-sm font-semibold text-brand-600 hover:underline"
        aria-label={t("news.readMoreAbout", { title: article.title })}
      >
        {t("news.readMore")}{" "}
        <span aria-hidden className="inline-block rtl:-scale-x-100">
          →
        </span>
      </Link>
    </article>
  );
}
