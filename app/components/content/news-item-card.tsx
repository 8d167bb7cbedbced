import { ExternalLink } from "lucide-react";
import { useTranslation } from "react-i18next";
import { textDir } from "#common/text-direction";
import type { NewsItem } from "#server/news/types";
import { LanguageLabel, SourceName } from "~/components/i18n/language-label";
import { dirOf } from "~/lib/i18n";
import { useFormat } from "~/lib/use-format";
import { textOf } from "./format";
import "~/locales/content";

const isHttp = (link: string | null): link is string => !!link && /^https?:\/\//i.test(link);

/** An ingested wire story: links out to the publisher. */
export function NewsItemRow({ item, now }: { item: NewsItem; now: number }) {
  const { t } = useTranslation("content");
  const f = useFormat();
  const text = textOf(item.description);
  // Ingestion detected the item's language from its title and text (server/news/normalize.ts).
  const dir = item.language ? dirOf(item.language) : textDir(item.title);
  return (
    <li className="py-4" data-testid="wire-item">
      <h3 dir={dir} className="font-semibold text-slate-900">
        {isHttp(item.link) ? (
          <a
            href={item.link}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="inline-flex items-start gap-1 hover:text-brand-600 hover:underline"
          >
            {/* The item's own language (the hidden "opens the publisher" text is the page's). */}
            <span lang={item.language}>{item.title}</span>
            <ExternalLink aria-hidden className="mt-1 size-3.5 shrink-0" />
            <span className="sr-only">({t("news.opensPublisher")})</span>
          </a>
        ) : (
          <span lang={item.language}>{item.title}</span>
        )}
        <LanguageLabel language={item.language} />
      </h3>
      {text ? (
        <p dir={dir} lang={item.language} className="mt-1 text-sm text-slate-600">
          {text}
        </p>
      ) : null}
      <p className="mt-1 text-xs text-slate-500">
        <SourceName source={item.source} language={item.language} /> ·{" "}
        <time
          dateTime={new Date(item.pubDate).toISOString()}
          title={t("time.gmt", { value: f.dateTime(item.pubDate) })}
        >
          {f.relative(item.pubDate, now)}
        </time>
      </p>
    </li>
  );
}
