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
