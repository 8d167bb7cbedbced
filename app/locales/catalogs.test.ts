import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createI18n } from "~/lib/i18n";

/**
 * Keeps the English and Arabic catalogs complete: same namespaces, same keys (plural-aware), same
 * interpolation placeholders and tags, no empty texts, and Arabic texts actually in Arabic script.
 * A key added to one language and forgotten in the other fails the build here.
 */

const LOCALES_DIR = join(import.meta.dirname);
const LANGS = ["en", "ar"] as const;

/** The plural suffixes i18next looks up for each language (Intl.PluralRules categories). */
const PLURAL_FORMS: Record<(typeof LANGS)[number], string[]> = {
  en: ["one", "other"],
  ar: ["zero", "one", "two", "few", "many", "other"],
};
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * Arabic texts with no Arabic letter in them, each with the reason it is not language. Keys are
 * "namespace:dotted.key". Anything else without Arabic script is an untranslated string.
 */
const LATIN_ALLOWED: Record<string, string> = {
  "common:languageSwitch.en": "the language switch names each language in itself (English's autonym)",
  "market:heroLabels.TASI": "index ticker, written in Latin script on Arabic market sites too",
  "market:heroLabels.DFMGI": "exchange ticker (DFM)",
  "market:heroLabels.USD/AED": "currency pair code",
  "forms:partner.stats.users.value": "figure 50K+",
  "company:about.stats.users.value": "figure 50K+",
  "content:article.metaTitle": "article title plus the brand name GulfPulse",
  "admin:settings.transports.smtp": "protocol name SMTP",
  "admin:templates.showHtml": "format name HTML",
  "webhooks:urlPlaceholder": "an example https address: URLs are Latin in every language",
};

type Flat = Map<string, string>;

/** Nested objects and arrays to "a.b.0.c" keys; every leaf must be a string. */
function flatten(value: unknown, prefix: string, out: Flat): Flat {
  if (typeof value === "string") {
    out.set(prefix, value);
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries())
      flatten(item, prefix ? `${prefix}.${index}` : String(index), out);
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) flatten(item, prefix ? `${prefix}.${key}` : key, out);
  } else {
    throw new Error(`${prefix}: catalog values must be strings, objects or arrays (got ${String(value)})`);
  }
  return out;
}

function namespaces(lang: string): string[] {
  return readdirSync(join(LOCALES_DIR, lang))
    .filter((file) => file.endsWith(".json"))
    .map((file) => file.replace(/\.json$/, ""))
    .sort();
}

function load(lang: string, ns: string): Flat {
  return flatten(JSON.parse(readFileSync(join(LOCALES_DIR, lang, `${ns}.json`), "utf8")), "", new Map());
}

/** Groups plural keys under their base: "count_one" and "count_other" become "count" with two forms. */
function groupPlurals(flat: Flat): Map<string, { forms: Set<string>; values: string[] }> {
  const groups = new Map<string, { forms: Set<string>; values: string[] }>();
  for (const [key, value] of flat) {
    const match = key.match(PLURAL_SUFFIX);
    const base = match ? key.slice(0, -match[0].length) : key;
    const group = groups.get(base) ?? { forms: new Set<string>(), values: [] };
    group.forms.add(match ? match[1]! : "");
    group.values.push(value);
    groups.set(base, group);
  }
  return groups;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.-]+)[^}]*\}\}/g)].map((m) => m[1]!);
const tags = (text: string) => [...text.matchAll(/<\/?[a-zA-Z][^>]*>/g)].map((m) => m[0]).sort();
const sorted = (items: Iterable<string>) => [...new Set(items)].sort();

/** Every problem found comparing one namespace in both languages, as readable lines. */
function compareCatalogs(ns: string, en: Flat, ar: Flat): string[] {
  const problems: string[] = [];
  const enGroups = groupPlurals(en);
  const arGroups = groupPlurals(ar);
  const isFullPlural = (forms: Set<string>, lang: "en" | "ar") =>
    PLURAL_FORMS[lang].every((form) => forms.has(form)) && !forms.has("");

  for (const [base, enGroup] of enGroups) {
    const arGroup = arGroups.get(base);
    const enPlural = !enGroup.forms.has("");
    if (enPlural && !isFullPlural(enGroup.forms, "en")) {
      problems.push(`en ${ns}:${base} has plural forms ${sorted(enGroup.forms)}, needs _one and _other`);
    }
    if (!arGroup) {
      problems.push(`ar ${ns}:${base} is missing (English has it)`);
      continue;
    }
    // A plain English key may become a plural in Arabic ("{{count}} days ago"), never the reverse.
    const arPlural = !arGroup.forms.has("");
    if (arPlural ? !isFullPlural(arGroup.forms, "ar") : enPlural || arGroup.forms.size > 1) {
      const need = PLURAL_FORMS.ar.map((form) => `_${form}`).join(", ");
      problems.push(
        `ar ${ns}:${base} has forms ${sorted(arGroup.forms)}; ${enPlural ? "needs" : "use one key or"} ${need}`,
      );
    }
    const enPlaceholders = sorted(enGroup.values.flatMap(placeholders));
    for (const value of arGroup.values) {
      // Arabic names the number in words for zero, one and two, so {{count}} may be left out there.
      const arPlaceholders = sorted(placeholders(value));
      const expected = arPlural
        ? enPlaceholders.filter((p) => p !== "count" || arPlaceholders.includes("count"))
        : enPlaceholders;
      if (arPlaceholders.join() !== expected.join()) {
        problems.push(
          `ar ${ns}:${base} placeholders [${arPlaceholders}] differ from English [${enPlaceholders}]`,
        );
      }
      if (tags(value).join() !== tags(enGroup.values[0]!).join()) {
        problems.push(`ar ${ns}:${base} markup differs from English`);
      }
    }
  }
  for (const base of arGroups.keys()) {
    if (!enGroups.has(base)) problems.push(`en ${ns}:${base} is missing (Arabic has it)`);
  }

  for (const [lang, flat] of [
    ["en", en],
    ["ar", ar],
  ] as const) {
    for (const [key, value] of flat) {
      const base = key.replace(PLURAL_SUFFIX, "");
      // An empty English text is deliberate (pages.json's search subtitle); Arabic follows it.
      const englishEmpty = (enGroups.get(base)?.values ?? []).every((v) => v.trim() === "");
      if (value.trim() === "" && !englishEmpty) problems.push(`${lang} ${ns}:${key} is empty`);
    }
  }
  for (const [key, value] of ar) {
    const letters = value.replace(/\{\{[^}]*\}\}/g, "");
    if (/\p{L}/u.test(letters) && !/\p{Script=Arabic}/u.test(letters) && !LATIN_ALLOWED[`${ns}:${key}`]) {
      problems.push(`ar ${ns}:${key} is not in Arabic script: "${value}"`);
    }
  }
  return problems;
}

describe("message catalogs", () => {
  it("have the same namespaces in English and Arabic", () => {
    expect(namespaces("ar")).toEqual(namespaces("en"));
  });

  it.each(namespaces("en"))("%s: Arabic and English have the same keys, placeholders and no gaps", (ns) => {
    expect(compareCatalogs(ns, load("en", ns), load("ar", ns))).toEqual([]);
  });

  it("allow-list entries still exist, so stale exemptions do not pile up", () => {
    const stale = Object.keys(LATIN_ALLOWED).filter((entry) => {
      const [ns, key] = entry.split(/:(.*)/s) as [string, string];
      return !load("ar", ns).has(key);
    });
    expect(stale).toEqual([]);
  });

  it("finds a key missing from either side, a missing Arabic plural form and an untranslated text", () => {
    const en: Flat = new Map([
      ["a", "Hello {{name}}"],
      ["n_one", "{{count}} item"],
      ["n_other", "{{count}} items"],
    ]);
    const ar: Flat = new Map([
      ["a", "Hello {{name}}"],
      ["n_one", "عنصر واحد"],
      ["n_other", "{{count}} عنصر"],
      ["extra", "زائد"],
    ]);
    expect(compareCatalogs("t", en, ar)).toEqual([
      expect.stringContaining("ar t:n has forms"),
      "en t:extra is missing (Arabic has it)",
      'ar t:a is not in Arabic script: "Hello {{name}}"',
    ]);
  });

  it("Arabic plural keys are the ones i18next picks for Arabic counts", () => {
    const t = createI18n("ar").getFixedT("ar", "market");
    expect([0, 1, 2, 3, 11, 100].map((count) => t("panels.count", { count }))).toEqual([
      "لا توجد أدوات مالية",
      "أداة مالية واحدة",
      "أداتان ماليتان",
      "3 أدوات مالية",
      "11 أداة مالية",
      "100 أداة مالية",
    ]);
  });
});
