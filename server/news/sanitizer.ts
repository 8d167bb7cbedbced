import sanitizeHtml from "sanitize-html";
import { collapseWhitespace, escapeHtml, truncate } from "./text";

/** Longest title kept (characters); longer ones are cut at a word boundary. */
export const MAX_TITLE = 300;
/** Longest description kept, measured as visible text. */
export const MAX_DESCRIPTION_TEXT = 2_000;
/** Raw HTML beyond this is not even handed to the sanitizer (a feed is capped at 5 MB anyway). */
const MAX_RAW_HTML = 512 * 1024;

/**
 * Strict allowlist for feed HTML: text formatting and http(s)/mailto links only. Everything else
 * (script, style, iframe, object, form, img, on* handlers, style attributes, javascript:/data: URLs)
 * is dropped, and the content of script/style-like tags goes with it.
 */
const FEED_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "b",
    "strong",
    "i",
    "em",
    "u",
    "ul",
    "ol",
    "li",
    "blockquote",
    "a",
    "code",
    "span",
  ],
  // dir/lang keep Arabic paragraphs right-to-left; they cannot carry script.
  allowedAttributes: { a: ["href", "title", "rel", "target"], "*": ["dir", "lang"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "noscript",
    "iframe",
    "object",
    "embed",
    "svg",
    "math",
  ],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: "noopener noreferrer nofollow ugc", target: "_blank" },
    }),
    h1: "p",
    h2: "p",
    h3: "p",
    h4: "p",
    div: "p",
  },
  exclusiveFilter: (frame) => frame.tag === "a" && !frame.attribs.href && !frame.text.trim(),
};

/** Visible text only: every tag removed, entities decoded, whitespace collapsed. */
export function toPlainText(html: string): string {
  const input = html.length > MAX_RAW_HTML ? html.slice(0, MAX_RAW_HTML) : html;
  // Block boundaries become spaces, or "<p>rose.</p><p>Banks" would read "rose.Banks".
  const spaced = input.replace(/<\/(p|div|li|h[1-6]|blockquote|tr|td)\s*>|<br\s*\/?>/gi, "$& ");
  const text = sanitizeHtml(spaced, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: FEED_HTML.nonTextTags,
  });
  return collapseWhitespace(decodeHtmlText(text));
}

/** sanitize-html re-encodes text; the plain-text form wants the characters themselves. */
function decodeHtmlText(s: string): string {
  return s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;|&apos;/g, "'")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&");
}

export function cleanTitle(raw: string): string {
  return truncate(toPlainText(raw), MAX_TITLE);
}

/**
 * Safe HTML for a description. When the visible text is absurdly long the formatting is given up
 * and a truncated plain-text paragraph is kept instead.
 */
export function cleanDescription(raw: string): { html: string; truncated: boolean } {
  const input = raw.length > MAX_RAW_HTML ? raw.slice(0, MAX_RAW_HTML) : raw;
  const html = sanitizeHtml(input, FEED_HTML).trim();
  const text = toPlainText(html);
  if (text.length <= MAX_DESCRIPTION_TEXT && raw.length <= MAX_RAW_HTML) return { html, truncated: false };
  return { html: `<p>${escapeHtml(truncate(text, MAX_DESCRIPTION_TEXT))}</p>`, truncated: true };
}

/** An absolute http(s) link, resolved against the feed's address; anything else is dropped. */
export function safeLink(raw: string | undefined, base: string): string | null {
  const value = raw?.trim();
  if (!value) return null;
  try {
    const url = new URL(value, base.startsWith("http") ? base : undefined);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}
