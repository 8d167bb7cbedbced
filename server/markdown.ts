import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

// Own instance so another module's marked.use() can never change how a body renders.
const marked = new Marked({ gfm: true, breaks: false, async: false });

/**
 * The one allow-list for HTML made from Markdown, on a page (an article body) and in a mail (a
 * newsletter): text formatting, links, images, tables. No scripts, frames, styles, event handlers
 * or links other than http(s) and mailto; images only over https. Raw HTML in the Markdown goes
 * through the same filter. A use may add attributes and transforms of its own, never tags.
 */
export const MARKDOWN_ALLOW_LIST = {
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
    "em",
    "strong",
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
    a: ["href", "title", "rel"],
    img: ["src", "alt", "title"],
    th: ["align"],
    td: ["align"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["https"] },
  allowProtocolRelative: false,
} satisfies sanitizeHtml.IOptions;

/** What a use adds to the allow-list: attributes on its tags, transforms, the styles it sets itself. */
export type MarkdownAdditions = Pick<sanitizeHtml.IOptions, "transformTags" | "allowedStyles"> & {
  attributes?: Record<string, string[]>;
};

/** Markdown to HTML filtered by the allow-list plus a use's additions. */
export function markdownToHtml(
  markdown: string,
  { attributes = {}, ...rest }: MarkdownAdditions = {},
): string {
  const allowed: Record<string, string[]> = { ...MARKDOWN_ALLOW_LIST.allowedAttributes };
  for (const [tag, names] of Object.entries(attributes)) allowed[tag] = [...(allowed[tag] ?? []), ...names];
  return sanitizeHtml(marked.parse(markdown) as string, {
    ...MARKDOWN_ALLOW_LIST,
    allowedAttributes: allowed,
    ...rest,
  });
}
