/**
 * An article's page: broker analysis under /brokers/analysis, every other section under
 * /news/article. The slug is percent-encoded, so an Arabic slug (slugify in common/admin/forms.ts)
 * travels as ASCII in links, the sitemap and the RSS feed; the router hands the route the decoded
 * slug, which is what the database holds.
 */
export const articlePath = (a: { slug: string; section: string }) =>
  `${a.section === "broker-analysis" ? "/brokers/analysis" : "/news/article"}/${encodeURIComponent(a.slug)}`;
