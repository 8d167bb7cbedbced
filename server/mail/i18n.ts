/**
 * Texts of the mails and notifications the server writes, in the recipient's language,
 * from the `mail` message catalogs (app/locales/<lang>/mail.json) that the translators keep with
 * every other catalog.
 */
import i18next, { type TFunction } from "i18next";
import { type Lang, toLang } from "#common/locale";
import ar from "~/locales/ar/mail.json";
import en from "~/locales/en/mail.json";

const instance = i18next.createInstance();
instance.init({
  resources: { en: { mail: en }, ar: { mail: ar } },
  lng: "en",
  fallbackLng: "en",
  ns: ["mail"],
  defaultNS: "mail",
  // Mail templates escape when they render (React); the plain-text part must stay unescaped.
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/** The translator of one language; an unknown or missing language is English. */
export function mailT(locale: string | null | undefined): TFunction<"mail"> {
  return instance.getFixedT(toLang(locale), "mail");
}

/** Numbers with Western digits in both languages (the site's default digits setting). */
export function formatNumber(locale: Lang, value: number, fractionDigits?: { min?: number; max?: number }) {
  return value.toLocaleString(locale === "ar" ? "ar-u-nu-latn" : "en-US", {
    minimumFractionDigits: fractionDigits?.min,
    maximumFractionDigits: fractionDigits?.max ?? fractionDigits?.min ?? 6,
  });
}

export const dirOf = (locale: Lang) => (locale === "ar" ? "rtl" : "ltr");
