import sanitizeHtml from "sanitize-html";

/**
 * ts_headline marks matches with these private-use characters instead of HTML: the text around
 * them is then escaped as a whole, so nothing from a document can become markup. The characters
 * are removed from documents before highlighting (see the SQL's `translate`).
 */
export const MARK_OPEN = "\uE000";
export const MARK_CLOSE = "\uE001";

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Ingested descriptions are stored as sanitized HTML; their entities become plain characters. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === "#") {
      const n =
        code[1] === "x" || code[1] === "X" ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : "";
    }
    return NAMED[code.toLowerCase()] ?? whole;
  });
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A headline from ts_headline as HTML whose only markup is <mark>. */
export function headlineToHtml(headline: string): string {
  const text = decodeEntities(headline).replace(/\s+/g, " ").trim();
  const html = escapeHtml(text).replaceAll(MARK_OPEN, "<mark>").replaceAll(MARK_CLOSE, "</mark>");
  // Belt and braces: balances the marks and drops anything else.
  return sanitizeHtml(html, { allowedTags: ["mark"], allowedAttributes: {} });
}

/** The headline without marks (the result's plain title). */
export const plainText = (headline: string) =>
  decodeEntities(headline).replaceAll(MARK_OPEN, "").replaceAll(MARK_CLOSE, "").replace(/\s+/g, " ").trim();
