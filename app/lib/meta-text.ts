import type { TFunction } from "i18next";
import { createI18n } from "./i18n";
import type { Lang } from "./locale";
import { siteFrom } from "./seo";

type Matches = Parameters<typeof siteFrom>[0];

// Meta functions run outside React (no useTranslation); one i18n instance per language serves
// them all, since they only read the catalogs and never change the instance's language.
const translators = new Map<Lang, TFunction>();

function translator(lang: Lang): TFunction {
  let t = translators.get(lang);
  if (!t) {
    t = createI18n(lang).getFixedT(lang, "pages");
    translators.set(lang, t);
  }
  return t;
}

/**
 * A page's document title and description in the page's language, from pages.json `meta.<page>`
 * (the root loader's `lang` says which language the page is in).
 */
export function metaText(matches: Matches, page: string, values: Record<string, string> = {}) {
  const t = translator(siteFrom(matches).lang ?? "en");
  return {
    title: t(`meta.${page}.title`, values),
    description: t(`meta.${page}.description`, values),
  };
}
