import type { AlertType } from "../../contracts";
import type { MarketCategory } from "../../market/types";
import {
  createAlert,
  getEconomicCalendar,
  getLatestNews,
  getMarketOverview,
  getQuote,
  getTopMovers,
  listAlerts,
} from "../tools";
import type { CompactQuote } from "../tools/quote-format";
import type { ChatTool, ToolContext, ToolOutcome } from "../tools/types";
import { detectIntent } from "./intents";

/** Runs a tool and reports its activity to the chat (the service passes its own runner). */
export type RunTool = <T>(tool: ChatTool<any, T>, input: unknown) => Promise<ToolOutcome<T>>;

export const RISK_REMINDER = "_Trading involves risk. This is market information, not financial advice._";

const CATEGORY_NAMES: Record<MarketCategory, string> = {
  gulfStocks: "Gulf stocks",
  currencies: "Major currencies",
  crypto: "Cryptocurrencies",
  commodities: "Commodities",
  usIndices: "US indices",
};

const ALERT_WORDS: Record<AlertType, string> = {
  above: "goes above",
  below: "goes below",
  change_percent: "changes by",
};

export const HELP_TEXT = [
  "I'm GulfPulse's **offline assistant**: a small rule-based helper, not an AI language model. " +
    "I answer from live site data. Try:",
  "",
  "- **A price**: *What is TASI at?*, *USD/AED*, *price of Brent*",
  "- **A market overview**: *Gulf stocks*, *currencies*, *crypto*, *commodities*, *US indices*",
  "- **Top movers**: *top movers today*, *biggest losers in crypto*",
  "- **News**: *news about oil*, *latest headlines*",
  "- **The economic calendar**: *economic calendar this week*",
  "- **Price alerts** (signed in): *alert me when TASI goes above 11500*, *my alerts*",
].join("\n");

export function formatNumber(n: number, decimals = 2): string {
  return n.toLocaleString("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

function signed(n: number, decimals: number) {
  return `${n >= 0 ? "+" : "−"}${formatNumber(Math.abs(n), decimals)}`;
}

function quoteLine(q: CompactQuote): string {
  return `**${q.symbol}** ${formatNumber(q.price, q.decimals)} (${signed(q.changePercent, 2)}%)`;
}

function quoteParagraph(q: CompactQuote): string {
  const direction = q.change > 0 ? "up" : q.change < 0 ? "down" : "unchanged";
  const move =
    q.change === 0 ? "" : ` ${formatNumber(Math.abs(q.change), q.decimals)} (${signed(q.changePercent, 2)}%)`;
  const time = new Date(q.lastUpdate).toISOString().slice(11, 16);
  return (
    `**${q.symbol}** (${q.name}) is at **${formatNumber(q.price, q.decimals)}**${q.currency ? ` ${q.currency}` : ""}, ` +
    `${direction}${move} today. Day range ${formatNumber(q.dayLow, q.decimals)} – ` +
    `${formatNumber(q.dayHigh, q.decimals)}; the market is ${q.marketOpen ? "open" : "closed"}. ` +
    `Last update ${time} GMT.`
  );
}

const failure = (o: ToolOutcome<unknown>) => o.error ?? "That information is not available right now.";

async function answerFor(
  message: string,
  ctx: ToolContext,
  run: RunTool,
): Promise<{ text: string; risk: boolean }> {
  const intent = detectIntent(message, ctx.market);
  switch (intent.kind) {
    case "quote": {
      const parts: string[] = [];
      for (const symbol of intent.symbols) {
        const out = await run<CompactQuote>(getQuote, { symbol });
        parts.push(out.ok && out.data ? quoteParagraph(out.data) : failure(out));
      }
      return { text: parts.join("\n\n"), risk: true };
    }
    case "overview": {
      const out = await run<{ quotes: CompactQuote[]; asOf: string }>(getMarketOverview, {
        category: intent.category,
      });
      if (!out.ok || !out.data) return { text: failure(out), risk: false };
      const lines = out.data.quotes.map((q) => `- ${quoteLine(q)}`);
      return { text: `**${CATEGORY_NAMES[intent.category]}** right now:\n\n${lines.join("\n")}`, risk: true };
    }
    case "movers": {
      const out = await run<{ gainers: CompactQuote[]; losers: CompactQuote[] }>(getTopMovers, {
        category: intent.category,
        limit: 3,
      });
      if (!out.ok || !out.data) return { text: failure(out), risk: false };
      const scope = intent.category ? ` in ${CATEGORY_NAMES[intent.category].toLowerCase()}` : "";
      const list = (qs: CompactQuote[]) =>
        qs.length ? qs.map((q) => `- ${quoteLine(q)}`).join("\n") : "- none";
      return {
        text: `**Top movers today${scope}**\n\nGainers:\n${list(out.data.gainers)}\n\nLosers:\n${list(out.data.losers)}`,
        risk: true,
      };
    }
    case "news": {
      const out = await run<Array<{ title: string; source: string; published: string; link: string | null }>>(
        getLatestNews,
        { topic: intent.topic, limit: 5 },
      );
      if (!out.ok || !out.data) return { text: failure(out), risk: false };
      const about = intent.topic ? ` about ${intent.topic}` : "";
      if (out.data.length === 0) return { text: `I found no recent news${about}.`, risk: false };
      const lines = out.data.map((n) => {
        const title = n.link && /^https?:\/\//.test(n.link) ? `[${n.title}](${n.link})` : n.title;
        return `- ${title} — ${n.source}, ${n.published.slice(0, 10)}`;
      });
      return { text: `**Latest news${about}**\n\n${lines.join("\n")}`, risk: false };
    }
    case "calendar": {
      const out = await run<
        Array<{
          title: string;
          country: string;
          importance: string;
          startsAt: string;
          forecast: string | null;
          previous: string | null;
        }>
      >(getEconomicCalendar, { days: 7, importance: intent.importance });
      if (!out.ok || !out.data) return { text: failure(out), risk: false };
      if (out.data.length === 0)
        return { text: "No economic events are scheduled for the next 7 days.", risk: false };
      const lines = out.data.map((e) => {
        const when = `${e.startsAt.slice(0, 10)} ${e.startsAt.slice(11, 16)} GMT`;
        const figures = [
          e.forecast && `forecast ${e.forecast}`,
          e.previous && `previous ${e.previous}`,
        ].filter(Boolean);
        return `- **${e.title}** (${e.country}, ${e.importance}) — ${when}${figures.length ? `; ${figures.join(", ")}` : ""}`;
      });
      return { text: `**Economic calendar, next 7 days**\n\n${lines.join("\n")}`, risk: true };
    }
    case "listAlerts": {
      const out = await run<
        Array<{ symbol: string; alertType: AlertType; targetValue: number; status: string }>
      >(listAlerts, {});
      if (!out.ok || !out.data) return { text: failure(out), risk: false };
      if (out.data.length === 0) return { text: "You have no price alerts yet.", risk: false };
      const lines = out.data.map(
        (a) =>
          `- **${a.symbol}** ${ALERT_WORDS[a.alertType]} ${a.targetValue}${a.alertType === "change_percent" ? "%" : ""} — ${a.status}`,
      );
      return { text: `**Your price alerts**\n\n${lines.join("\n")}`, risk: false };
    }
    case "createAlert": {
      const out = await run<{ symbol: string; alertType: AlertType; targetValue: number }>(createAlert, {
        symbol: intent.symbol,
        alertType: intent.alertType,
        targetValue: intent.targetValue,
      });
      if (!out.ok || !out.data) return { text: failure(out), risk: false };
      const a = out.data;
      const pct = a.alertType === "change_percent" ? "%" : "";
      return {
        text: `Done: I'll notify you when **${a.symbol}** ${ALERT_WORDS[a.alertType]} **${a.targetValue}${pct}**. You can manage it on the [Price Alerts](/price-alerts) page.`,
        risk: true,
      };
    }
    case "incompleteAlert":
      return {
        text:
          "To set an alert, name the instrument, a direction and a target, for example " +
          "*alert me when TASI goes above 11500* or *alert me when BTC changes by 5%*.",
        risk: false,
      };
    case "help":
      return { text: HELP_TEXT, risk: false };
    default:
      return { text: `I didn't catch that. ${HELP_TEXT}`, risk: false };
  }
}

/**
 * The offline assistant: understands the common requests in English by rules, answers from the
 * same tools the language model uses, and ends market answers with a risk reminder.
 */
export async function offlineReply(message: string, ctx: ToolContext, run: RunTool): Promise<string> {
  const { text, risk } = await answerFor(message, ctx, run);
  return risk ? `${text}\n\n${RISK_REMINDER}` : text;
}
