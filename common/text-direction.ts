/**
 * The language and reading direction of a text of unknown language (feed items, chat messages,
 * editors' articles), from its letters. `dir="auto"` goes by the first strong letter, which in
 * financial text is often a Latin ticker ("TASI يرتفع…", "**GOLD** (الذهب)…"), so an Arabic
 * sentence would be laid out left to right; counting letters does not have that problem.
 */
const ARABIC_LETTER = /[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/g;
const LETTER = /\p{L}/gu;

/** "ar" when most letters are Arabic script. */
export function detectLanguage(s: string): "ar" | "en" {
  const letters = s.match(LETTER)?.length ?? 0;
  if (letters === 0) return "en";
  const arabic = s.match(ARABIC_LETTER)?.length ?? 0;
  return arabic / letters > 0.4 ? "ar" : "en";
}

/** The `dir` for a text of unknown language; "auto" when it has no letters to go by. */
export function textDir(s: string | null | undefined): "rtl" | "ltr" | "auto" {
  if (!s || !/\p{L}/u.test(s)) return "auto";
  return detectLanguage(s) === "ar" ? "rtl" : "ltr";
}
