import type { NewsItem } from "#server/news/types";

const ARTICLE_SECTIONS = ["economic", "breaking", "central-bank", "broker-analysis"] as const;
export type ArticleSection = (typeof ARTICLE_SECTIONS)[number];
/** The sections with a news page (/news/<section>); broker analysis lives at /brokers/analysis. */
export const NEWS_SECTIONS = ["economic", "breaking", "central-bank"] as const;
export type NewsSection = (typeof NEWS_SECTIONS)[number];
export type Priority = "urgent" | "high" | "medium";
export type Severity = "urgent" | "high" | "medium";

/** What a list or card shows. */
export interface ArticleSummary {
  id: string;
  slug: string;
  section: ArticleSection;
  title: string;
  excerpt: string;
  /** The Arabic versions an editor gave, or null (Arabic pages then show the English, lang="en"). */
  titleAr: string | null;
  excerptAr: string | null;
  /** The Arabic was written by the configured model (labelled so on Arabic pages, with the original linked). */
  arMachineTranslated: boolean;
  category: string | null;
  priority: Priority | null;
  bankName: string | null;
  published: boolean;
  publishedAt: Date;
}

/** One article page: the Markdown source and its sanitized HTML. */
export interface Article extends ArticleSummary {
  bodyMarkdown: string;
  bodyHtml: string;
  /** The Arabic body and its HTML, sanitized like the English one; null when none was written. */
  bodyMarkdownAr: string | null;
  bodyHtmlAr: string | null;
  authorId: string | null;
  updatedAt: Date;
}

/** Fields accepted by create; update takes any subset. Matches the admin form schema's output. */
export interface ArticleInput {
  section: ArticleSection;
  title: string;
  slug?: string | null;
  excerpt?: string;
  bodyMarkdown?: string;
  titleAr?: string | null;
  excerptAr?: string | null;
  bodyMarkdownAr?: string | null;
  category?: string | null;
  priority?: Priority | null;
  bankName?: string | null;
  published?: boolean;
  publishedAt?: Date | null;
}

/** A broker (the first version's static broker list, now rows). */
export interface Broker {
  id: string;
  slug: string;
  name: string;
  rating: number;
  regulators: string[];
  minDeposit: string;
  spread: string;
  features: string[];
  url: string | null;
  description: string;
  /** The Arabic description, or null (Arabic pages then show the English one, lang="en"). */
  descriptionAr: string | null;
  sortOrder: number;
  published: boolean;
}

export interface BrokerInput {
  name: string;
  slug?: string | null;
  rating: number;
  regulators?: string[];
  minDeposit: string;
  spread: string;
  features?: string[];
  url?: string | null;
  description?: string;
  descriptionAr?: string | null;
  sortOrder?: number;
  published?: boolean;
}

/** A blacklist entry; `regulator` names the regulator's warning where one exists. */
export interface BlacklistEntry {
  id: string;
  name: string;
  reason: string;
  warning: string;
  /** The Arabic versions, or null (Arabic pages then show the English, lang="en"). */
  reasonAr: string | null;
  warningAr: string | null;
  severity: Severity;
  regulator: string | null;
  dateAdded: Date;
}

export interface BlacklistInput {
  name: string;
  reason: string;
  warning: string;
  reasonAr?: string | null;
  warningAr?: string | null;
  severity: Severity;
  regulator?: string | null;
  dateAdded?: Date | null;
}

/** A news page: the editorial articles, then the newest ingested items of that category. */
export interface NewsPage {
  section: NewsSection;
  articles: ArticleSummary[];
  latest: NewsItem[];
}

/** The home page's content sections: latest news and recommended brokers. */
export interface HomeContent {
  /** Three columns of two articles: economic, breaking, central bank. */
  latestNews: Array<{ section: NewsSection; articles: ArticleSummary[] }>;
  /** Four recommended brokers. */
  brokers: Broker[];
}

export interface ArticleListOptions {
  section?: ArticleSection;
  limit?: number;
  offset?: number;
  /** Unpublished and future-dated articles too (admin). */
  includeDrafts?: boolean;
}

interface Crud<Row, Input> {
  create(input: Input): Promise<Row>;
  update(id: string, patch: Partial<Input>): Promise<Row>;
  delete(id: string): Promise<void>;
}

/**
 * Editorial content: articles (news pages, broker analysis), recommended brokers and the
 * blacklist. Public pages read published rows; the admin area passes `includeDrafts`/`includeHidden`.
 * Errors are AppError: `not_found:article|broker|blacklist`, `conflict:content` (slug or name taken,
 * with the field in `fields`).
 */
export interface ContentService {
  articles: Crud<Article, ArticleInput & { authorId?: string | null }> & {
    list(opts?: ArticleListOptions): Promise<ArticleSummary[]>;
    /** By slug; drafts and future-dated articles only with includeDrafts. */
    get(slug: string, opts?: { includeDrafts?: boolean }): Promise<Article>;
    getById(id: string): Promise<Article>;
  };
  brokers: Crud<Broker, BrokerInput> & {
    list(opts?: { limit?: number; includeHidden?: boolean }): Promise<Broker[]>;
    /** By id or slug. */
    get(idOrSlug: string): Promise<Broker>;
  };
  blacklist: Crud<BlacklistEntry, BlacklistInput> & {
    get(id: string): Promise<BlacklistEntry>;
    list(opts?: { limit?: number }): Promise<BlacklistEntry[]>;
  };
  /** `language`: the reader's; the wire's stories in it come first. */
  newsPage(section: NewsSection, opts?: { latestLimit?: number; language?: "ar" | "en" }): Promise<NewsPage>;
  home(): Promise<HomeContent>;
  renderMarkdown(markdown: string): string;
}
