import type { TFunction } from "i18next";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { resources } from "./i18n";
import "~/locales/server";

/**
 * Texts the server sends in English (AppError messages, Zod messages of the shared schemas, the
 * auth library's refusals) shown in the page's language. The server keeps the English wording
 * (docs/product/); the `server` catalog holds each text as its English value, which identifies it,
 * and its translation. A "{{name}}" in an English value matches any text there and is passed on, so
 * `Unknown symbol "XYZ". …` is translated with its symbol. Texts not in the catalog show as sent.
 */

type Matcher = { key: string; pattern: RegExp; names: string[] };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function compile(entries: Record<string, string>): Matcher[] {
  return Object.entries(entries).map(([key, english]) => {
    const names: string[] = [];
    const parts = english.split(/\{\{\s*(\w+)\s*\}\}/);
    const source = parts
      .map((part, i) => (i % 2 ? (names.push(part), "(.+?)") : escapeRegExp(part)))
      .join("");
    return { key, pattern: new RegExp(`^${source}$`, "s"), names };
  });
}

let matchers: Matcher[] | undefined;

/** The catalog key and placeholder values of a server text, or null when it is not catalogued. */
export function findServerText(text: string): { key: string; values: Record<string, string> } | null {
  matchers ??= compile((resources.en?.server ?? {}) as Record<string, string>);
  for (const { key, pattern, names } of matchers) {
    const match = text.match(pattern);
    if (match) return { key, values: Object.fromEntries(names.map((name, i) => [name, match[i + 1]!])) };
  }
  return null;
}

/** A server text in the language of `t` (a translator for any namespace). */
export function serverText(t: TFunction, text: string): string;
export function serverText(t: TFunction, text: string | undefined): string | undefined;
export function serverText(t: TFunction, text: string | undefined) {
  if (!text) return text;
  const found = findServerText(text);
  return found ? t(found.key, { ...found.values, ns: "server" }) : text;
}

/** In components: `const st = useServerText(); st(result.message)`. */
export function useServerText() {
  const { t } = useTranslation("common");
  return useCallback(<T extends string | undefined>(text: T) => serverText(t, text) as T, [t]);
}
