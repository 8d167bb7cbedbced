import i18next, { type FormatterModule, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { type Digits, getFormat } from "./format";

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
    const [, lang, ns] = file.match(/([^/]+)\/([^/]+)\.json$/)!;
    resources[lang] ??= {};
    resources[lang][ns] = mod.default;
  }
}

/**
 * One catalog per feature namespace: app/locales/<lang>/<namespace>.json. English, the fallback of
 * every other language, loads in parts: the namespaces the shell reads on every page (header,
 * footer, titles) with this module, every other one with the code that reads it, through its
 * registration module app/locales/<namespace>.ts (app/locales/registered.test.ts checks each
 * reader imports it). So a page's JavaScript holds its own texts, not every page's. The mail
 * namespace is only read by the server's mail templates (server/mail/i18n.ts imports it).
 */
export const EAGER_NAMESPACES = ["common", "pages"];
addNamespaces(
  import.meta.glob<Catalogs[string]>(["../locales/en/common.json", "../locales/en/pages.json"], {
    eager: true,
  }),
);

/**
 * Every other language's catalogs, one chunk per language (app/lib/catalogs/<lang>.ts), so the
 * browser downloads only the language of the page: entry.client.tsx awaits `loadLanguage` for it
 * before hydrating. The server loads them all once, when this module is first imported.
 */
const lazyLanguages = import.meta.glob<{ default: Catalogs }>("./catalogs/*.ts");

const loading = new Map<string, Promise<void>>();

export function loadLanguage(lang: string): Promise<void> {
  const load = lazyLanguages[`./catalogs/${lang}.ts`];
  if (!load) return Promise.resolve();
  const pending = loading.get(lang) ?? load().then((mod) => addNamespaces(mod.default));
  loading.set(lang, pending);
  return pending;
}

if (import.meta.env.SSR)
  await Promise.all(Object.keys(lazyLanguages).map((f) => loadLanguage(f.slice(11, -3))));

const RTL_LANGUAGES = new Set(["ar"]);
export const dirOf = (lang: string) => (RTL_LANGUAGES.has(lang) ? "rtl" : "ltr");

/**
 * One instance per language, made on first use and shared by every render after it: creating
 * and initialising one per render was ~9% of a server render. Sharing is safe because nothing
 * changes an instance after init: its language is fixed (changeLanguage to another language
 * throws), catalogs only ever get added to the shared `resources` (addNamespaces), and
 * translation calls only read.
 */
const instances = new Map<string, i18n>();

/**
 * With Arabic-Indic digits chosen, numbers interpolated into texts (counts, years) are written in
 * them too. Western digits keep i18next's own formatter, so those texts are exactly as before.
 */
function digitsFormatter(lng: string, digits: Digits): FormatterModule {
  const swap = getFormat(lng, digits).digitsIn;
  return {
    type: "formatter",
    init() {},
    add() {},
    addCached() {},
    // Strings (names, e-mails) pass through untouched; only numbers change digits.
    format: (value: unknown) => (typeof value === "number" ? swap(String(value)) : (value as string)),
  };
}

/** The instance for a language and a digits setting (app/lib/format.ts, the `digits` cookie). */
export function createI18n(lng: string, digits: Digits = "latn"): i18n {
  const key = `${lng}:${digits}`;
  const cached = instances.get(key);
  if (cached) return cached;
  const instance = i18next.createInstance();
  if (digits !== "latn") instance.use(digitsFormatter(lng, digits));
  instance.use(initReactI18next).init({
    lng,
    fallbackLng: "en",
    resources,
    defaultNS: "common",
    ns: Object.keys(resources.en ?? {}),
    interpolation: { escapeValue: false, alwaysFormat: digits !== "latn" },
    initAsync: false,
    returnNull: false,
  });
  const changeLanguage = instance.changeLanguage.bind(instance);
  instance.changeLanguage = (to, callback) => {
    if (to && to !== lng) throw new Error(`i18n: the ${lng} instance is shared; use createI18n("${to}")`);
    return changeLanguage(to, callback);
  };
  instances.set(key, instance);
  return instance;
}
