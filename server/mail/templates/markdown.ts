import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

// Own instance so another module's marked.use() can never change how newsletters render.
const marked = new Marked({ gfm: true, breaks: false });

const LINK_STYLE = "color:#175c95";

/**
 * Newsletter Markdown to HTML that is safe to mail: raw HTML in the Markdown survives only as the
 * tags and attributes below; scripts, styles, event handlers and javascript: URLs are dropped.
 */
export function markdownToSafeHtml(markdown: string): string {
  const raw = marked.parse(markdown, { async: false }) as string;
  return sanitizeHtml(raw, {
    allowedTags: [
      "h1",
      "h2",
      "h3",
      "h4",
      "p",
      "br",
      "hr",
      "blockquote",
      "pre",
      "code",
      "strong",
      "em",
      "del",
      "ul",
      "ol",
      "li",
      "a",
      "img",
      "table",
      "thead",
      "tbody",
      "tr",
      "th",
      "td",
    ],
    allowedAttributes: {
      a: ["href", "title", "style", "target", "rel"],
      img: ["src", "alt", "title", "width", "height", "style"],
      th: ["align"],
      td: ["align"],
    },
    allowedSchemes: ["https", "http", "mailto"],
    allowedSchemesByTag: { img: ["https"] },
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, style: LINK_STYLE, target: "_blank", rel: "noopener noreferrer" },
      }),
      img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, style: "max-width:100%;height:auto" } }),
    },
    // Only the styles added above survive; anything an author writes is dropped.
    allowedStyles: {
      a: { color: [/^#175c95$/] },
      img: { "max-width": [/^100%$/], height: [/^auto$/] },
    },
  });
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};

/** The plain-text part of a newsletter: its Markdown with any raw HTML (and script bodies) removed. */
export function markdownToText(markdown: string): string {
  return sanitizeHtml(markdown, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot|#39);/g, (m) => ENTITIES[m] ?? m)
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
