import { z } from "zod";
import { defineTool, unavailable } from "./types";

/** News descriptions are sanitized HTML; the model and the offline answer want plain text. */
function plainText(html: string, max = 240): string {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export const getLatestNews = defineTool({
  name: "getLatestNews",
  description: "The latest Gulf financial news, optionally about a topic (oil, Aramco, UAE, rates...).",
  inputSchema: z.object({
    topic: z.string().max(80).optional().describe("A topic or keyword; omit for the latest headlines"),
    limit: z.number().int().min(1).max(10).optional().describe("How many items (default 5)"),
  }),
  async execute({ topic, limit = 5 }, { news }) {
    if (!news) return unavailable("The news feed");
    const items = await news.latest({ topic: topic || undefined, limit });
    return {
      ok: true,
      subject: topic,
      count: items.length,
      data: items.slice(0, limit).map((n) => ({
        title: n.title,
        source: n.source,
        category: n.category,
        published: new Date(n.pubDate).toISOString(),
        summary: plainText(n.description),
        link: n.link,
      })),
    };
  },
});
