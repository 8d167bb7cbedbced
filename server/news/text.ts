/** Small text helpers shared by the parser, the sanitizer and the analysis engines. */

const PREDEFINED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/**
 * Decodes only XML's five predefined entities and numeric character references. The parser runs
 * with entity processing off, so declared entities (the "billion laughs" family) are never expanded.
 */
export function decodeXmlEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,4});/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code =
        ref[1] === "x" || ref[1] === "X" ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
        return "";
      return String.fromCodePoint(code);
    }
    return PREDEFINED[ref.toLowerCase()] ?? whole;
  });
}

export function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

export function collapseWhitespace(s: string): string {
  return s.replace(/[\s\u00a0\u200b]+/g, " ").trim();
}

/** Cuts at a word boundary near `max` characters and adds an ellipsis; never splits a surrogate pair. */
export function truncate(s: string, max: number): string {
  const chars = Array.from(s);
  if (chars.length <= max) return s;
  let cut = chars.slice(0, max).join("");
  const lastSpace = cut.lastIndexOf(" ");
  if (lastSpace > max * 0.6) cut = cut.slice(0, lastSpace);
  return `${cut.replace(/[\s,;:.\-–—،]+$/u, "")}…`;
}

export { detectLanguage } from "#common/text-direction";

/** Splits prose into sentences (English and Arabic punctuation). */
export function splitSentences(text: string): string[] {
  return collapseWhitespace(text)
    .split(/(?<=[.!?؟])\s+(?=\S)|\s*[\n•]\s*|(?<=[؛;])\s+/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
