import { labelAr } from "#common/content-labels-ar";
import type { Lang } from "#common/locale";
import { textDir } from "#common/text-direction";

/** The attributes of a text shown in a language other than the page's. */
export interface LangAttrs {
  lang?: Lang;
  dir?: "ltr" | "rtl";
}

/**
 * An editor's text in the page's language: the Arabic version on Arabic pages when one was written,
 * else the other language's text, marked with its `lang` and `dir` so it is read and laid out as
 * what it is. A text already in the page's language gets no attributes (English pages unchanged).
 */
export function localized(
  pageLang: Lang,
  en: string,
  ar: string | null | undefined,
): { text: string; attrs: LangAttrs } {
  if (pageLang === "ar") {
    if (ar) return { text: ar, attrs: {} };
    return { text: en, attrs: en ? { lang: "en", dir: textDir(en) === "rtl" ? "rtl" : "ltr" } : {} };
  }
  if (en || !ar) return { text: en, attrs: {} };
  return { text: ar, attrs: { lang: "ar", dir: "rtl" } };
}

/**
 * A short label (category, bank, regulator, feature, spread, section) in the page's language: the
 * shipped vocabulary's Arabic on Arabic pages, else the label as entered, marked lang="en".
 */
export function localizedLabel(pageLang: Lang, label: string): { text: string; attrs: LangAttrs } {
  return localized(pageLang, label, pageLang === "ar" ? labelAr(label) : null);
}
