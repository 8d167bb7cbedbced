import { type Listing, loadShippedListings } from "#server/market/universe";
import { normalizeForSearch } from "#server/market/universe/search-index";
import { COMPANY_ALIASES } from "./aliases";

/**
 * Every listed company by the words a reader uses for it: its symbol, its English and Arabic
 * names as listed, those names without legal suffixes ("PJSC", "Company", "ش.م.ع") and without the
 * Arabic article, the short name in brackets ("(Zain)"), and the alias table's short names.
 * Text is folded with the universe search's normalizeForSearch (hamza forms, ta marbuta, alef
 * maqsura, Arabic-Indic digits, case), so a question matches however it spells the name.
 */

/** Words that end an English company name without naming it. */
const LEGAL_SUFFIX =
  /\s+(the|company|co|corp|corporation|inc|ltd|limited|plc|pjsc|psc|pjs|p j s c|p s c|ksc|kscp|k s c|k s c p|k s c c|k p s c|qpsc|q p s c|qsc|q s c|q s p c|p q s c|p s q c|s a k p|sakp|bsc|b s c|saog|s a o g|saoc|s a o c|plc|sa|sjsc|holding|holdings|group|the company)$/;
/** Words an Arabic name opens or ends with that do not name the company. */
const AR_PREFIX = /^(شركه|مجموعه)\s+/;
const AR_SUFFIX = /\s+(ش م ع|ش م ك|ش م ك ع|ش م ب|ش م ق|ش ع م|ش م ع ق|القابضه|المحدوده|ش م)$/;

/**
 * A single word that alone names nothing: a derived name reduced to one of these ("National
 * Company" → "national") is not kept; the question's own words ("price", "سعر") never name a company.
 */
const GENERIC = new Set(
  (
    "the a an of and for in on at to is are was how did do does what when which who today todays now price prices " +
    "share shares stock stocks quote company bank market markets sector peers range week year high low move moved " +
    "national united gulf arabian arab saudi emirates international first investment investments insurance " +
    "real estate development industrial industries cement holding group trading services energy tadawul " +
    "سعر اسعار كم ما هو هي كيف اداء اليوم الان سهم اسهم شركه بنك مصرف في من على عن السوق سوق قطاع تداول يتداول " +
    "الوطنيه الوطني العربيه العربي السعوديه السعودي الاولي الاول المتحده للتامين التامين للاستثمار الاستثمار"
  ).split(" "),
);

const withoutArticle = (phrase: string) =>
  phrase
    .split(" ")
    .map((w) => (w.length > 3 && w.startsWith("ال") ? w.slice(2) : w))
    .join(" ");

function stripRepeatedly(phrase: string, re: RegExp): string {
  let out = phrase;
  for (let prev = ""; prev !== out; ) {
    prev = out;
    out = out.replace(re, "").trim();
  }
  return out;
}

/** The folded phrases that name a listing (its symbol first). */
export function namesOf(listing: Listing): string[] {
  const bracket = listing.name.match(/\(([^)]+)\)/)?.[1];
  const en = normalizeForSearch(listing.name.replace(/\([^)]*\)/g, " "));
  const names = [normalizeForSearch(listing.symbol), en, stripRepeatedly(en, LEGAL_SUFFIX)];
  if (bracket) names.push(normalizeForSearch(bracket));
  if (!listing.nameArMissing) {
    const ar = normalizeForSearch(listing.nameAr);
    const short = stripRepeatedly(stripRepeatedly(ar, AR_SUFFIX), AR_PREFIX);
    names.push(ar, short, withoutArticle(ar), withoutArticle(short));
  }
  return [...new Set(names.filter((n) => n.length >= 2))];
}

export interface CompanyIndex {
  /** Listings named in the text, in the order they appear, each with how many words named it. */
  find(text: string): Array<{ listing: Listing; words: number }>;
  get(symbol: string): Listing | undefined;
  all(): Listing[];
}

const MAX_WORDS = 8;

function buildIndex(listings: Listing[]) {
  const owners = new Map<string, Set<string>>();
  const exact = new Map<string, string>();
  for (const l of listings) {
    exact.set(normalizeForSearch(l.symbol), l.symbol);
    for (const name of namesOf(l)) {
      if (!name.includes(" ") && GENERIC.has(name)) continue;
      const set = owners.get(name) ?? new Set<string>();
      set.add(l.symbol);
      owners.set(name, set);
    }
  }
  // A phrase several companies share names none of them ("al rajhi": the bank, its REIT and its
  // insurer), unless it is one's symbol; the alias table then says which one readers mean.
  const keys = new Map<string, string>();
  for (const [name, set] of owners) if (set.size === 1) keys.set(name, [...set][0]!);
  for (const [symbol_, symbol] of exact) if (!GENERIC.has(symbol_)) keys.set(symbol_, symbol);
  const bySymbol = new Map(listings.map((l) => [l.symbol, l]));
  for (const [alias, symbol] of Object.entries(COMPANY_ALIASES)) {
    if (!bySymbol.has(symbol)) continue;
    keys.set(normalizeForSearch(alias), symbol);
    keys.set(withoutArticle(normalizeForSearch(alias)), symbol);
  }
  return { keys, bySymbol };
}

/** A question word's forms: as written, without the article, without a glued و/ب/ل/ف/ك. */
function forms(word: string): string[] {
  const out = [word];
  const clitic = word.match(/^(?:[وف]?[بك]?ال|[وف]?لل)(.{2,})$/);
  if (clitic) out.push(clitic[1]!, `ال${clitic[1]}`);
  const single = word.match(/^[وفبكل](.{3,})$/);
  if (single) out.push(single[1]!);
  return out;
}

export function createCompanyIndex(listings: Listing[]): CompanyIndex {
  const { keys, bySymbol } = buildIndex(listings);
  function find(text: string): Array<{ listing: Listing; words: number }> {
    const words = normalizeForSearch(text)
      .split(" ")
      .filter((w) => w && w !== "s");
    const found: Array<{ listing: Listing; words: number }> = [];
    let i = 0;
    while (i < words.length) {
      let matched = 0;
      for (let n = Math.min(MAX_WORDS, words.length - i); n >= 1 && !matched; n--) {
        const [first, ...rest] = words.slice(i, i + n);
        for (const head of forms(first!)) {
          const symbol =
            keys.get([head, ...rest].join(" ")) ?? keys.get(withoutArticle([head, ...rest].join(" ")));
          if (!symbol) continue;
          const listing = bySymbol.get(symbol)!;
          if (!found.some((f) => f.listing === listing)) found.push({ listing, words: n });
          matched = n;
          break;
        }
      }
      i += matched || 1;
    }
    return found;
  }
  return { find, get: (symbol) => bySymbol.get(symbol), all: () => listings };
}

let shipped: CompanyIndex | undefined;

/** The index of the shipped universe (built once per process). */
export function companies(): CompanyIndex {
  shipped ??= createCompanyIndex(loadShippedListings());
  return shipped;
}
