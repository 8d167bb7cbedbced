/** The news feature's public types: what other features (content, chat, search) read. */
export interface NewsItem {
  id: string;
  title: string;
  description: string; // sanitized HTML
  link: string | null;
  pubDate: Date;
  source: string;
  category: string;
  guid: string | null;
  /** Detected from the script at ingestion: Arabic items read right to left in either locale. */
  language?: "ar" | "en";
}

export interface NewsService {
  /** Newest first; with `language`, the items in that language first (the reader's). */
  latest(opts?: {
    topic?: string;
    category?: string;
    limit?: number;
    language?: "ar" | "en";
  }): Promise<NewsItem[]>;
}
