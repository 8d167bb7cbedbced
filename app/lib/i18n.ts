import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";

type Catalogs = Record<string, { default: Record<string, unknown> }>;

export const resources: Record<string, Record<string, Record<string, unknown>>> = {};

/**
 * Adds catalogs (app/locales/<lang>/<namespace>.json, from import.meta.glob) to every i18n
 * instance, present and future: instances share this `resources` object. An area whose namespace
 * no other page uses (admin) registers it from its own code, so its strings are not part of every
 * page's first load (decision record 012).
 */
export function addNamespaces(files: Catalogs) {
  for (const [file, mod] of Object.entries(files)) {
    const [, lang, ns] = file.match(/locales\/([^/]+)\/([^/]+)\.json$/)!;
    resources[lang] ??= {};
    resources[lang][ns] = mod.default;
  }
}

// One catalog per feature namespace: app/locales/<lang>/<namespace>.json.
addNamespaces(
  import.meta.glob<Catalogs[string]>(["../locales/*/*.json", "!../locales/*/admin.json"], { eager: true }),
);

/** A language is supported as soon as its catalog folder exists (app/locales/<lang>/). */
export const SUPPORTED_LANGUAGES = Object.keys(resources);
export const RTL_LANGUAGES = new Set(["ar"]);
export const dirOf = (lang: string) => (RTL_LANGUAGES.has(lang) ? "rtl" : "ltr");

/** A fresh, synchronously initialised instance per render so server requests never share state. */
export function createI18n(lng: string): i18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    lng,
    fallbackLng: "en",
    resources,
    defaultNS: "common",
    ns: Object.keys(resources.en ?? {}),
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

/** ?lang=, then the `lang` cookie, then Accept-Language; English when none is supported. */
export function pickLanguage(request: Request): string {
  const url = new URL(request.url);
  const cookie = request.headers.get("cookie")?.match(/(?:^|;\s*)lang=([a-z-]+)/i)?.[1];
  const accepted = (request.headers.get("accept-language") ?? "")
    .split(",")
    .map((part) => part.split(";")[0]!.trim().slice(0, 2).toLowerCase());
  for (const candidate of [url.searchParams.get("lang"), cookie, ...accepted]) {
    if (candidate && SUPPORTED_LANGUAGES.includes(candidate)) return candidate;
  }
  return "en";
}
