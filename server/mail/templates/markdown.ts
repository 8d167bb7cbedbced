import sanitizeHtml from "sanitize-html";
import { markdownToHtml } from "../../markdown";

const LINK_STYLE = "color:#175c95";

/**
 * Newsletter Markdown to HTML that is safe to mail: raw HTML in the Markdown survives only as the
 * tags and attributes of the allow-list (server/markdown.ts); a mail client gets its links and
 * images styled inline.
 */
export function markdownToSafeHtml(markdown: string): string {
  return markdownToHtml(markdown, {
    attributes: { a: ["style", "target"], img: ["width", "height", "style"] },
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
