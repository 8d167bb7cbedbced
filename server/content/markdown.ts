import sanitizeHtml from "sanitize-html";
import { markdownToHtml } from "../markdown";

/** Markdown to HTML that is safe to insert into a page (the allow-list is server/markdown.ts). */
export function renderMarkdown(markdown: string): string {
  return markdownToHtml(markdown, {
    // The page has one h1 (the title): body headings start at h2 and stop at h4.
    transformTags: {
      h1: "h2",
      h5: "h4",
      h6: "h4",
      a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer nofollow" }),
    },
  });
}
