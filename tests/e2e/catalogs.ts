import fs from "node:fs";
import path from "node:path";
import i18next from "i18next";
import { type Lang, localePath } from "~/lib/locale";

/**
 * The message catalogs, read by the tests, so the expected texts follow app/locales/<lang>/*.json
 * rather than copies in the specs. i18next resolves plurals and {{placeholders}} as the app does.
 */
const LOCALES = path.resolve(import.meta.dirname, "../../app/locales");

type Catalog = Record<string, unknown>;
const load = (lang: Lang): Record<string, Catalog> =>
  Object.fromEntries(
    fs
      .readdirSync(path.join(LOCALES, lang))
      .filter((f) => f.endsWith(".json"))
      .map((f) => [
        f.replace(/\.json$/, ""),
        JSON.parse(fs.readFileSync(path.join(LOCALES, lang, f), "utf8")),
      ]),
  );
const resources = { en: load("en"), ar: load("ar") };

const i18n = i18next.createInstance();
i18n.init({ resources, fallbackLng: false, interpolation: { escapeValue: false }, initAsync: false });

/** Whether the catalog has `key` (a dotted path), directly or as plural forms (`key_one`, ...). */
function hasKey(catalog: Catalog | undefined, key: string): boolean {
  const parts = key.split(".");
  const last = parts.pop()!;
  let node: unknown = catalog;
  for (const part of parts) node = (node as Catalog | undefined)?.[part];
  const leaf = node as Catalog | undefined;
  return Boolean(leaf && (last in leaf || Object.keys(leaf).some((k) => k.startsWith(`${last}_`))));
}

/**
 * The text of "namespace:key" in `lang`. Unlike the app, no fallback to English: a key missing in
 * the Arabic catalog fails the test, so "translated" means translated.
 */
export function tr(lang: Lang, nsKey: string, vars?: Record<string, unknown>): string {
  const [ns, key] = nsKey.split(":") as [string, string];
  if (!hasKey(resources[lang][ns], key)) throw new Error(`app/locales/${lang}/${ns}.json has no "${key}"`);
  return i18n.getFixedT(lang, ns)(key, vars ?? {}) as string;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A (non-plural) catalog text as a whole-string pattern: each {{placeholder}} matches `fill[name]`
 * when given, else any text. For texts whose numbers or times the test cannot know.
 */
export function trPattern(lang: Lang, nsKey: string, fill: Record<string, string> = {}): RegExp {
  const [ns, key] = nsKey.split(":") as [string, string];
  tr(lang, nsKey); // fails on a missing key
  const template = String(i18n.getResource(lang, ns, key));
  const parts = template.split(/\{\{\s*(\w+)\s*\}\}/);
  const source = parts.map((part, i) => (i % 2 ? (fill[part] ?? ".+?") : escapeRegExp(part))).join("");
  return new RegExp(`^${source}$`);
}

/** A page's path in `lang` ("/x" → "/ar/x"), as the app builds its links. */
export const at = (lang: Lang, to: string) => localePath(lang, to);

export const DIR: Record<Lang, "ltr" | "rtl"> = { en: "ltr", ar: "rtl" };
