/** The query as typed, turned into the parts each text search parser reads. */

/** Arabic letters (the Arabic block, its supplement and presentation forms). */
const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFC]/;

/**
 * The text search configuration of a query: 'arabic' when it is written in Arabic script (its
 * stemmer folds the article, prefixes and hamza forms the stored Arabic vectors were built with),
 * 'english' otherwise. Highlighting uses the same configuration so the marked words are the matches.
 */
export function searchConfig(query: string): "arabic" | "english" {
  return ARABIC_SCRIPT.test(query) ? "arabic" : "english";
}

/** The query split for the parsers: each script's text, and prefix words too short to stem. */
export interface ParsedQuery {
  latin: string;
  arabic: string;
  /** Title prefixes of one- and two-letter words ("ar" → ar:*A), for the 'simple' parser. */
  short: string;
  prefix: boolean;
}

const WORD = /[\p{L}\p{N}]+/gu;
const SHORT_WORD = 3;

/**
 * The query as typed: a text in one script goes whole to its parser (websearch syntax: quotes, OR,
 * -word); a mixed Arabic–Latin text is split into its Arabic and its Latin words, each parsed by
 * its own parser, so "أرامكو Aramco" finds what both halves find.
 */
export function plainQuery(query: string): ParsedQuery {
  if (!ARABIC_SCRIPT.test(query)) return { latin: query, arabic: "", short: "", prefix: false };
  const words = query.split(/\s+/).filter(Boolean);
  const arabic = words.filter((w) => ARABIC_SCRIPT.test(w));
  if (arabic.length === words.length) return { latin: "", arabic: query, short: "", prefix: false };
  return {
    latin: words.filter((w) => !ARABIC_SCRIPT.test(w)).join(" "),
    arabic: arabic.join(" "),
    short: "",
    prefix: false,
  };
}

/**
 * Prefix matching ("aram" finds Aramco; "ar" finds Aramco and Arabian Centres): letters and digits
 * only, so always valid syntax. Words under three letters match the start of a title word (symbols
 * and names of instruments, titles of stories and pages) rather than every word of every body.
 */
export function prefixQuery(query: string): ParsedQuery | null {
  const words = query.match(WORD) ?? [];
  if (words.length === 0 || words.length > 4) return null;
  const long = (script: boolean) =>
    words
      .filter((w) => w.length >= SHORT_WORD && ARABIC_SCRIPT.test(w) === script)
      .map((w) => `${w}:*`)
      .join(" & ");
  return {
    latin: long(false),
    arabic: long(true),
    short: words
      .filter((w) => w.length < SHORT_WORD)
      .map((w) => `${w.toLowerCase()}:*A`)
      .join(" & "),
    prefix: true,
  };
}

/** Every word is under three letters: "a", "ar", "al ra". Only prefixes can find anything. */
export const onlyShortWords = (query: string) => {
  const words = query.match(WORD) ?? [];
  return words.length > 0 && words.every((w) => w.length < SHORT_WORD);
};
