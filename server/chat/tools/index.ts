import { createAlert } from "./create-alert";
import { getEconomicCalendar } from "./economic-calendar";
import { getQuote } from "./get-quote";
import { getYearRange } from "./key-statistics";
import { getLatestNews } from "./latest-news";
import { listAlerts } from "./list-alerts";
import { getMarketOverview } from "./market-overview";
import { getSectorPeers } from "./sector-peers";
import { getTopMovers } from "./top-movers";
import type { ChatTool } from "./types";

export {
  createAlert,
  getEconomicCalendar,
  getLatestNews,
  getMarketOverview,
  getQuote,
  getSectorPeers,
  getTopMovers,
  getYearRange,
  listAlerts,
};

/** Every tool, in the order they are offered to the model. */
export const CHAT_TOOLS: ChatTool<any, any>[] = [
  getQuote,
  getSectorPeers,
  getYearRange,
  getMarketOverview,
  getTopMovers,
  getLatestNews,
  getEconomicCalendar,
  listAlerts,
  createAlert,
];
