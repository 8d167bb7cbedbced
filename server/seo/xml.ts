/** Text for XML character data and attribute values; also drops characters XML 1.0 forbids. */
export function escapeXml(value: string): string {
  return (
    value
      // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the ones XML 1.0 rejects
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
  );
}

export interface SitemapEntry {
  /** Absolute URL. */
  loc: string;
  lastmod?: Date;
  /** The same page in every language, this one included (hreflang code → absolute URL). */
  alternates?: Array<{ hreflang: string; href: string }>;
}

/**
 * sitemaps.org 0.9 urlset. Language versions are listed the way search engines read them in a
 * sitemap: `xhtml:link rel="alternate" hreflang` children naming every version, itself included.
 */
export function sitemapXml(entries: SitemapEntry[]): string {
  const urls = entries.map((e) => {
    const lastmod = e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : "";
    const links = (e.alternates ?? []).map(
      (a) => `<xhtml:link rel="alternate" hreflang="${escapeXml(a.hreflang)}" href="${escapeXml(a.href)}"/>`,
    );
    return `<url><loc>${escapeXml(e.loc)}</loc>${lastmod}${links.join("")}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}

export interface RssChannel {
  title: string;
  /** The site's home page (absolute). */
  link: string;
  /** The feed's own URL (absolute), for atom:link rel=self. */
  self: string;
  description: string;
  language: string;
}

export interface RssItem {
  title: string;
  link: string;
  description: string;
  pubDate: Date;
  category?: string | null;
}

/** RSS 2.0 with an atom:link to itself, as feed validators ask. */
export function rssXml(channel: RssChannel, items: RssItem[]): string {
  const lastBuild = items[0]?.pubDate ?? new Date(0);
  const itemXml = items.map((i) =>
    [
      "<item>",
      `<title>${escapeXml(i.title)}</title>`,
      `<link>${escapeXml(i.link)}</link>`,
      `<guid isPermaLink="true">${escapeXml(i.link)}</guid>`,
      `<description>${escapeXml(i.description)}</description>`,
      i.category ? `<category>${escapeXml(i.category)}</category>` : "",
      `<pubDate>${i.pubDate.toUTCString()}</pubDate>`,
      "</item>",
    ].join(""),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "<channel>",
    `<title>${escapeXml(channel.title)}</title>`,
    `<link>${escapeXml(channel.link)}</link>`,
    `<atom:link href="${escapeXml(channel.self)}" rel="self" type="application/rss+xml"/>`,
    `<description>${escapeXml(channel.description)}</description>`,
    `<language>${escapeXml(channel.language)}</language>`,
    `<lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>`,
    ...itemXml,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}
