import type { NewsService } from "#server/news/types";
import type { Db } from "../db/client";
import type { Logger } from "../logger";
import { articleStore } from "./articles";
import { blacklistStore } from "./blacklist";
import { brokerStore } from "./brokers";
import { renderMarkdown } from "./markdown";
import { contentPages } from "./pages";
import type { ContentService } from "./types";

export interface ContentDeps {
  db: Db;
  log: Logger;
  /** Ingested items for the news pages; without it they show the articles alone. */
  news?: NewsService;
}

/**
 * Editorial content in parts: articles (articles.ts), brokers (brokers.ts) and the blacklist
 * (blacklist.ts), each one table; the news and home pages built from them (pages.ts); what they
 * share (rows.ts). createContent only wires them.
 */
export function createContent(deps: ContentDeps): ContentService {
  const { db, log, news } = deps;
  const articles = articleStore(db, log);
  const brokers = brokerStore(db);
  return {
    renderMarkdown,
    articles,
    brokers,
    blacklist: blacklistStore(db),
    ...contentPages({ articles, brokers, news, log }),
  };
}
