import { compilePattern, type DisclosureFeed } from "#common/disclosures";
import type { RawItem } from "../news/parser";

/** A listing as the rule matches it. */
export interface MappedListing {
  symbol: string;
  name: string;
  nameAr: string;
}

/** Folds what differs between two spellings of one name: case, Arabic letter forms, punctuation. */
export function foldName(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKC")
    .replace(/[\u064b-\u065f\u0670\u0640]/g, "")
    .replace(/[أإآٱ]/g, "ا")
    .replace(/ة/g, "ه")
    .replace(/ى/g, "ي")
    .replace(/\b(company|co|k\.?s\.?c\.?p?|holding|group)\b\.?/g, " ")
    .replace(/(^|\s)(شركة|شركه)(\s|$)/g, " ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The text a rule reads from an item. */
function fieldText(item: RawItem, field: DisclosureFeed["field"]) {
  if (field === "category") return item.categories.join(" | ");
  if (field === "link") return item.link ?? "";
  return field === "title" ? item.title : item.description;
}

/**
 * The listing an item is about, by the feed's rule: the pattern's first capture group read from
 * the chosen field, then matched to the exchange's listings by trading code or by name (English or
 * Arabic, folded). An item the rule cannot place is skipped, never guessed.
 */
export function createSymbolMapper(
  rule: Pick<DisclosureFeed, "field" | "pattern" | "match">,
  listings: MappedListing[],
) {
  const re = compilePattern(rule.pattern);
  const bySymbol = new Map(listings.map((l) => [l.symbol.toUpperCase(), l.symbol]));
  const byName = new Map<string, string>();
  for (const l of listings) {
    for (const name of [l.name, l.nameAr]) {
      const key = foldName(name);
      if (key && !byName.has(key)) byName.set(key, l.symbol);
    }
  }
  return (item: RawItem): string | null => {
    if (!re) return null;
    const m = re.exec(fieldText(item, rule.field));
    const captured = (m?.groups?.code ?? m?.[1])?.trim();
    if (!captured) return null;
    if (rule.match === "symbol") return bySymbol.get(captured.toUpperCase()) ?? null;
    return byName.get(foldName(captured)) ?? null;
  };
}
