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
  latest(opts?: { topic?: string; category?: string; limit?: number }): Promise<NewsItem[]>;
}
