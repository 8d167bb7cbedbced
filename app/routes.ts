import { index, prefix, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";

// The site's routes (docs/product/site.md). Aliases and trailing slashes are redirected by the server
// (server/http/redirects.ts) before routing; anything unmatched is the 404 page.

/**
 * Pages exist in every language: English unprefixed, Arabic under /ar (decision record 016).
 * Declared twice, the Arabic copy with its own route ids (`<file>.ar`); never look a page route
 * up by id.
 */
const pages: RouteConfigEntry[] = [
  index("routes/home.tsx"),
  route("auth", "routes/auth.tsx"),
  route("auth/reset-password", "routes/auth.reset-password.tsx"),
  route("auth/sign-out", "routes/auth.sign-out.ts"),
  route("admin", "routes/admin.tsx"),
  route("admin/calendar", "routes/admin.calendar.tsx"),
  route("admin/dividends", "routes/admin.dividends.tsx"),
  route("admin/shariah", "routes/admin.shariah.tsx"),
  route("admin/disclosures", "routes/admin.disclosures.tsx"),
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  route("partner", "routes/partner.tsx"),
  route("live-markets", "routes/live-markets.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter.unsubscribe.tsx"),
  route("news-analytics", "routes/news-analytics.tsx"),
  route("price-alerts", "routes/price-alerts.tsx"),
  route("watchlists", "routes/watchlists.tsx"),
  route("portfolio", "routes/portfolio.tsx"),
  route("account", "routes/account.tsx"),
  route("search", "routes/search.tsx"),
  route("news/economic", "routes/news.economic.tsx"),
  route("news/breaking", "routes/news.breaking.tsx"),
  route("news/central-bank", "routes/news.central-bank.tsx"),
  route("brokers/recommended", "routes/brokers.recommended.tsx"),
  route("brokers/analysis", "routes/brokers.analysis.tsx"),
  route("brokers/blacklisted", "routes/brokers.blacklisted.tsx"),
  route("news/article/:slug", "routes/news.article.$slug.tsx"),
  route("brokers/analysis/:slug", "routes/brokers.analysis.$slug.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("terms-of-service", "routes/terms-of-service.tsx"),
  route("disclaimer", "routes/disclaimer.tsx"),
  route("markets", "routes/markets.tsx"),
  route("screener", "routes/screener.tsx"),
  route("markets/:symbol", "routes/markets.$symbol.tsx"),
  route("calendar/:id", "routes/calendar.$id.tsx"),
  route("dividends", "routes/dividends.tsx"),
  route("*", "routes/not-found.tsx"),
];

/** The same pages under /ar, each with a distinct id. */
const arabic = prefix(
  "ar",
  pages.map((page) => ({ ...page, id: `${page.file.replace(/\.tsx?$/, "")}.ar` })),
);

// One copy, whatever the language: the API, feeds, machine files and admin downloads.
const shared: RouteConfigEntry[] = [
  route("admin/preview", "routes/admin.preview.ts"),
  route("admin/subscribers.csv", "routes/admin.subscribers-csv.ts"),
  route("api/newsletter/subscribe", "routes/api.newsletter.subscribe.ts"),
  route("api/admin/newsletter/send", "routes/api.admin.newsletter.send.ts"),
  route("api/admin/newsletter/welcome", "routes/api.admin.newsletter.welcome.ts"),
  route("api/admin/newsletter/broker-selection", "routes/api.admin.newsletter.broker-selection.ts"),
  route("api/admin/newsletter/campaigns", "routes/api.admin.newsletter.campaigns.ts"),
  route("api/admin/mail/retry", "routes/api.admin.mail.retry.ts"),
  route("calendar.ics", "routes/calendar[.]ics.ts"),
  route("dividends.ics", "routes/dividends[.]ics.ts"),
  route("api/dividends", "routes/api.dividends.ts"),
  route("api/dividends/reminders", "routes/api.dividends.reminders.ts"),
  route("api/admin/dividends", "routes/api.admin.dividends.ts"),
  route("api/calendar", "routes/api.calendar.ts"),
  route("api/calendar/time-zone", "routes/api.calendar.time-zone.ts"),
  route("api/admin/calendar", "routes/api.admin.calendar.ts"),
  route("api/admin/shariah", "routes/api.admin.shariah.ts"),
  route("api/admin/shariah/import", "routes/api.admin.shariah.import.ts"),
  route("api/admin/disclosure-feeds", "routes/api.admin.disclosure-feeds.ts"),
  route("api/market", "routes/api.market.ts"),
  route("api/markets/overview", "routes/api.markets.overview.ts"),
  route("api/markets/heatmap", "routes/api.markets.heatmap.ts"),
  route("api/screener", "routes/api.screener.ts"),
  route("screener.csv", "routes/screener[.]csv.ts"),
  route("api/instruments", "routes/api.instruments.ts"),
  route("api/instruments/:symbol", "routes/api.instruments.$symbol.ts"),
  route("api/market/:symbol/history", "routes/api.market.$symbol.history.ts"),
  route("api/auth/*", "routes/api.auth.ts"),
  route("api/chat", "routes/api.chat.ts"),
  route("api/chat/conversations", "routes/api.chat.conversations.ts"),
  route("api/chat/conversations/:id", "routes/api.chat.conversations.$id.ts"),
  route("api/notifications", "routes/api.notifications.ts"),
  route("api/watchlists", "routes/api.watchlists.ts"),
  route("api/alerts/:id/deliveries", "routes/api.alerts.$id.deliveries.ts"),
  route("api/webhooks", "routes/api.webhooks.ts"),
  route("api/webhooks/secret", "routes/api.webhooks.secret.ts"),
  route("api/webhooks/:id", "routes/api.webhooks.$id.ts"),
  route("api/webhooks/:id/test", "routes/api.webhooks.$id.send-test.ts"),
  route("api/push/public-key", "routes/api.push.public-key.ts"),
  route("api/push/subscriptions", "routes/api.push.subscriptions.ts"),
  route("api/push/test", "routes/api.push.send-test.ts"),
  route("api/locale", "routes/api.locale.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("rss.xml", "routes/rss[.]xml.ts"),
];

export default [...pages, ...arabic, ...shared] satisfies RouteConfig;
