import { useTranslation } from "react-i18next";
import { useLang } from "~/lib/locale";
import "~/locales/languages";

/**
 * A small "In English" / "بالعربية" tag beside a text shown in the other language than the
 * page's, so a reader knows before reading; nothing for a text in the page's language. The tag is
 * in the page's language (it sits outside the text's own `lang`).
 */
export function LanguageLabel({ language }: { language: string | undefined }) {
  const { t } = useTranslation("languages");
  const page = useLang();
  if (!language || language === page || (language !== "ar" && language !== "en")) return null;
  return (
    <span
      lang={page}
      data-testid="language-label"
      className="ms-2 inline-block rounded bg-slate-100 px-1.5 py-0.5 align-middle text-[0.7rem] font-medium text-slate-600"
    >
      {t(`shownIn.${language}`)}
    </span>
  );
}

/** "ترجمة آلية": the Arabic beside it was written by the configured model, not an editor. */
export function MachineTranslatedTag() {
  const { t } = useTranslation("languages");
  return (
    <span
      data-testid="machine-translated-tag"
      className="inline-block rounded bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-800"
    >
      {t("machineTranslated")}
    </span>
  );
}

/**
 * On an Arabic page, an article the configured model translated: the label and a link to the
 * original (the English page), so the reader knows no editor wrote it and can check it.
 */
export function MachineTranslatedNote({ originalHref }: { originalHref: string }) {
  const { t } = useTranslation("languages");
  return (
    <p data-testid="machine-translated" className="mt-3 flex items-center gap-2 text-sm text-slate-600">
      <MachineTranslatedTag />
      <a href={originalHref} hrefLang="en" className="text-brand-600 hover:underline">
        {t("original")}
      </a>
    </p>
  );
}

/**
 * A proper name as written (a broker's, a company's without an Arabic name): isolated, and marked
 * English when it is in Latin script, so it keeps its order in an Arabic line and readers and
 * tools know its language.
 */
export function NameText({ name }: { name: string }) {
  return /[\u0600-\u06ff]/.test(name) ? (
    <bdi>{name}</bdi>
  ) : (
    <bdi lang="en" dir="ltr">
      {name}
    </bdi>
  );
}

const SAMPLE_SUFFIX = " (sample feed)";

/**
 * A news source's name on a page: the shipped sample feeds' "(sample feed)" read "(مصدر تجريبي)"
 * on Arabic pages; a source in the other language than the page's carries its language.
 */
export function SourceName({ source, language }: { source: string; language: string | undefined }) {
  const { t } = useTranslation("languages");
  const page = useLang();
  const sample = source.endsWith(SAMPLE_SUFFIX);
  const name = sample ? source.slice(0, -SAMPLE_SUFFIX.length) : source;
  const foreign = language && language !== page ? language : undefined;
  return (
    <span data-testid="news-source">
      <bdi lang={foreign}>{name}</bdi>
      {sample ? ` (${t("sampleFeed")})` : null}
    </span>
  );
}
