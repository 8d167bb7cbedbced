import type { SearchResultType } from "./types";

/** The site's own pages, so "privacy", "partner" or "contact" find them. */
export const STATIC_PAGES: Array<{ url: string; title: string; body: string; type: SearchResultType }> = [
  {
    url: "/",
    title: "Real-Time Gulf Market News",
    body: "Home: live overview of TASI, DFM, USD/AED and Brent, market data categories, AI chat assistant, latest news, recommended brokers, newsletter and trading community.",
    type: "data",
  },
  {
    url: "/about",
    title: "About GulfPulse",
    body: "Our mission, 50K+ active users, 25+ partner brokers, 1000+ daily updates, 6 countries; values: accuracy, trust, regional focus, excellence.",
    type: "analysis",
  },
  {
    url: "/contact",
    title: "Contact Us",
    body: "Contact details, business hours Sunday to Thursday 8:00 AM to 6:00 PM, and a message form for general questions, partnership, support, advertising and feedback.",
    type: "analysis",
  },
  {
    url: "/partner",
    title: "Partner With Us",
    body: "Broker partnership programme: broker listing, IB program, advertising and content partnerships; benefits, offers and an application form.",
    type: "broker",
  },
  {
    url: "/live-markets",
    title: "Live Market Access",
    body: "Request access to real-time Gulf market data: forex, stocks, commodities and all markets; trading experience and risk tolerance.",
    type: "data",
  },
  {
    url: "/news-analytics",
    title: "Gulf News Analytics",
    body: "AI-powered insights from Gulf financial markets: live RSS feeds, AI summaries, market sentiment, economic calendar and education.",
    type: "analysis",
  },
  {
    url: "/price-alerts",
    title: "Price Alerts & Notifications",
    body: "Create price alerts for TASI, USD/AED, Brent and other instruments: price above, below or change by percent, with notifications.",
    type: "data",
  },
  {
    url: "/news/economic",
    title: "Economic News",
    body: "Economic developments across the Gulf: growth, inflation, trade, budgets and PMI.",
    type: "analysis",
  },
  {
    url: "/news/breaking",
    title: "Breaking News",
    body: "Live market-moving headlines from the Gulf with urgent, high and medium priority.",
    type: "analysis",
  },
  {
    url: "/news/central-bank",
    title: "Central Bank News",
    body: "Decisions and statements from Gulf central banks: SAMA, CBUAE, CBK, QCB, CBB, CBO and CBJ interest rates and monetary policy.",
    type: "analysis",
  },
  {
    url: "/brokers/recommended",
    title: "Recommended Brokers",
    body: "Regulated brokers serving Gulf traders: ratings, regulators, minimum deposit, spreads and features.",
    type: "broker",
  },
  {
    url: "/brokers/analysis",
    title: "Brokers Analysis",
    body: "Broker performance review, regulatory analysis and cost analysis of spreads, commissions and fees.",
    type: "broker",
  },
  {
    url: "/brokers/blacklisted",
    title: "Blacklisted Brokers",
    body: "Scam and unlicensed brokers flagged by regulators and our team: clone firms, impersonation, withdrawal problems; report an issue.",
    type: "broker",
  },
  {
    url: "/privacy-policy",
    title: "Privacy Policy",
    body: "How we collect, use and protect personal data: account, newsletter, chat and cookies; your rights; governed by the law of the UAE.",
    type: "analysis",
  },
  {
    url: "/terms-of-service",
    title: "Terms of Service",
    body: "Terms for using the site: accounts, acceptable use, market data delays, no financial advice, broker compensation disclosure, governing law of the UAE.",
    type: "analysis",
  },
  {
    url: "/disclaimer",
    title: "Disclaimer",
    body: "Investment risk warning: trading involves significant risk; no financial advice; market data may be delayed; broker compensation disclosure.",
    type: "analysis",
  },
];
