/** The files crawlers read, built from the published content and the listed instruments. */
export interface SeoService {
  sitemap(): Promise<string>;
  rss(): Promise<string>;
  robots(): string;
}
