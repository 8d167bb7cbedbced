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
