import type { NewsService } from "#server/news/types";
import type { Logger } from "../logger";
import { clampLimit } from "./rows";
import { type ContentService, NEWS_SECTIONS, type NewsSection } from "./types";

/** The pages built from several stores: a news page (articles + ingested items) and the home page. */

interface PageDeps {
  articles: ContentService["articles"];
  brokers: ContentService["brokers"];
  news?: NewsService;
  log: Logger;
}

export function contentPages(deps: PageDeps): Pick<ContentService, "newsPage" | "home"> {
  const { articles, brokers, log } = deps;

  /** The news page still renders its articles when ingestion is missing or failing. */
  async function latestIngested(section: NewsSection, limit: number, language?: "ar" | "en") {
    const { news } = deps;
    if (!news) return [];
    try {
      return await news.latest({ category: section, limit, language });
    } catch (err) {
      log.error({ err, section }, "latest news for the news page failed");
      return [];
    }
  }

  return {
    async newsPage(section, opts = {}) {
      const [editorial, latest] = await Promise.all([
        articles.list({ section, limit: 20 }),
        latestIngested(section, clampLimit(opts.latestLimit, 12), opts.language),
      ]);
      return { section, articles: editorial, latest };
    },
    async home() {
      const [columns, recommended] = await Promise.all([
        Promise.all(
          NEWS_SECTIONS.map(async (section) => ({
            section,
            articles: await articles.list({ section, limit: 2 }),
          })),
        ),
        brokers.list({ limit: 4 }),
      ]);
      return { latestNews: columns, brokers: recommended };
    },
  };
}
