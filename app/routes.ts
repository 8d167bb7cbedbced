import { index, type RouteConfig, route } from "@react-router/dev/routes";

// Mirrors spec §2's route table. Aliases and trailing slashes are redirected by the server
// (server/http/redirects.ts) before routing; anything unmatched is the 404 page.
export default [
  index("routes/home.tsx"),
  route("auth", "routes/auth.tsx"),
  route("auth/reset-password", "routes/auth.reset-password.tsx"),
  route("auth/sign-out", "routes/auth.sign-out.ts"),
  route("admin", "routes/admin.tsx"),
  route("admin/preview", "routes/admin.preview.ts"),
  route("admin/subscribers.csv", "routes/admin.subscribers-csv.ts"),
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  route("partner", "routes/partner.tsx"),
  route("live-markets", "routes/live-markets.tsx"),
  route("news-analytics", "routes/news-analytics.tsx"),
  route("price-alerts", "routes/price-alerts.tsx"),
  route("search", "routes/search.tsx"),
  route("news/economic", "routes/news.economic.tsx"),
  route("news/breaking", "routes/news.breaking.tsx"),
  route("news/central-bank", "routes/news.central-bank.tsx"),
  route("brokers/recommended", "routes/brokers.recommended.tsx"),
  route("brokers/analysis", "routes/brokers.analysis.tsx"),
  route("brokers/blacklisted", "routes/brokers.blacklisted.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("terms-of-service", "routes/terms-of-service.tsx"),
  route("disclaimer", "routes/disclaimer.tsx"),
  route("api/auth/*", "routes/api.auth.ts"),
  route("api/chat", "routes/api.chat.ts"),
  route("api/chat/conversations", "routes/api.chat.conversations.ts"),
  route("api/chat/conversations/:id", "routes/api.chat.conversations.$id.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
