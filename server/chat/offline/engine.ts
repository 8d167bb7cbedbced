import { isPercentType } from "#common/alert-schema";
import type { AlertType } from "#server/alerts/types";
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
import type { RunTool, ToolContext, ToolOutcome } from "../tools/types";
import { detectArabicIntent, hasArabic } from "./arabic";
import { peersAnswer, yearRangeAnswer } from "./company-answers";
import { COPY, type Copy, type ReplyLang } from "./copy";
import { detectIntent } from "./intents";
import { formatNumber, freshnessNote, quoteLine, quoteParagraph } from "./quote-text";
import { type ReaderClock, readerClock } from "./reader-time";

export type { ReplyLang, RunTool };

export const RISK_REMINDER = COPY.en.risk;
export const HELP_TEXT = COPY.en.help;
export { formatNumber };

/**
 * The language of the answer: Arabic for a question written in Arabic; otherwise the language of
 * the page the chat is on (an English question on an Arabic page is answered in Arabic).
 */
function replyLanguage(message: string, pageLang?: ReplyLang): ReplyLang {
  return hasArabic(message) ? "ar" : (pageLang ?? "en");
}

async function answerFor(
  message: string,
  ctx: ToolContext,
  run: RunTool,
  copy: Copy,
  clock: ReaderClock,
): Promise<{ text: string; risk: boolean }> {
  const intent = hasArabic(message)
    ? detectArabicIntent(message, ctx.market)
    : detectIntent(message, ctx.market);
  const failure = (o: ToolOutcome<unknown>) => copy.failure(o.error);
  switch (intent.kind) {
    case "quote": {
      const parts: string[] = [];
      for (const symbol of intent.symbols) {
        const out = await run<CompactQuote>(getQuote, { symbol });
        parts.push(out.ok && out.data ? quoteParagraph(out.data, copy, clock) : failure(out));
      }
      return { text: parts.join("\n\n"), risk: true };
    }
    case "yearRange":
      return yearRangeAnswer(intent.symbol, run, copy, clock);
    case "peers":
      return peersAnswer(intent.symbol, run, copy, clock);
    case "marketStatus": {
      const out = await run<CompactQuote>(getQuote, { symbol: intent.symbol });
      if (!out.ok || !out.data) return { text: failure(out), risk: false };
      const q = out.data;
      return {
        text: `${copy.marketStatus({
          symbol: q.symbol,
          name: copy.name(q.symbol, q.name),
          open: q.marketOpen,
          time: clock.time(q.lastUpdate),
        })}${clock.session(q)}`,
        risk: false,
      };
    }
    case "overview": {
      const out = await run<{ quotes: CompactQuote[]; asOf: string }>(getMarketOverview, {
        category: intent.category,
      });
      if (!out.ok || !out.data) return { text: failure(out), risk: false };
      const lines = out.data.quotes.map((q) => `- ${quoteLine(q)}`);
      return {
        text: `${copy.overview(copy.categories[intent.category], lines.join("\n"))}${freshnessNote(out.data.quotes, copy)}`,
        risk: true,
      };
    }
    case "movers": {
      const out = await run<{ gainers: CompactQuote[]; losers: CompactQuote[] }>(getTopMovers, {
        category: intent.category,
        limit: 3,
      });
      if (!out.ok || !out.data) return { text: failure(out), risk: false };
      const list = (qs: CompactQuote[]) =>
        qs.length ? qs.map((q) => `- ${quoteLine(q)}`).join("\n") : copy.none;
      const scope = intent.category ? copy.categories[intent.category] : null;
      return { text: copy.movers(scope, list(out.data.gainers), list(out.data.losers)), risk: true };
    }
    case "news": {
      const out = await run<Array<{ title: string; source: string; published: string; link: string | null }>>(
        getLatestNews,
        { topic: intent.topic, limit: 5 },
      );
      if (!out.ok || !out.data) return { text: failure(out), risk: false };
      const about = intent.label ?? intent.topic;
      if (out.data.length === 0) return { text: copy.newsNone(about), risk: false };
      const lines = out.data.map((n) => {
        const title = n.link && /^https?:\/\//.test(n.link) ? `[${n.title}](${n.link})` : n.title;
        return `- ${title} — ${n.source}, ${n.published.slice(0, 10)}`;
      });
      return { text: copy.news(about, lines.join("\n")), risk: false };
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
      if (out.data.length === 0) return { text: copy.calendarNone, risk: false };
      const lines = out.data.map((e) =>
        copy.event({
          title: e.title,
          country: e.country,
          importance: e.importance,
          when: clock.dateTime(e.startsAt),
          figures: [e.forecast && copy.forecast(e.forecast), e.previous && copy.previous(e.previous)].filter(
            (f): f is string => Boolean(f),
          ),
        }),
      );
      return { text: copy.calendar(lines.join("\n")), risk: true };
    }
    case "listAlerts": {
      const out = await run<
        Array<{ symbol: string; alertType: AlertType; targetValue: number; status: string }>
      >(listAlerts, {});
      if (!out.ok || !out.data) return { text: failure(out), risk: false };
      if (out.data.length === 0) return { text: copy.alertsNone, risk: false };
      const lines = out.data.map(
        (a) =>
          `- **${a.symbol}** ${copy.alertWords[a.alertType]} ${a.targetValue}${isPercentType(a.alertType) ? "%" : ""} — ${copy.status(a.status)}`,
      );
      return { text: copy.alerts(lines.join("\n")), risk: false };
    }
    case "createAlert": {
      const out = await run<{ symbol: string; alertType: AlertType; targetValue: number }>(createAlert, {
        symbol: intent.symbol,
        alertType: intent.alertType,
        targetValue: intent.targetValue,
      });
      if (!out.ok || !out.data) return { text: failure(out), risk: false };
      const a = out.data;
      const target = `${a.targetValue}${isPercentType(a.alertType) ? "%" : ""}`;
      return { text: copy.alertCreated(a.symbol, a.alertType, target), risk: true };
    }
    case "incompleteAlert":
      return { text: copy.incompleteAlert, risk: false };
    case "help":
      return { text: copy.help, risk: false };
    default:
      return { text: copy.unknown(copy.help), risk: false };
  }
}

/**
 * The offline assistant: understands the common requests in English and Arabic by rules, answers
 * from the same tools the language model uses, in the reply language (replyLanguage), and ends
 * market answers with a risk reminder. Times are in the reader's zone (`reader.timeZone`, the
 * calendar's zone setting) with the zone named; without one they are GMT, as elsewhere on the site.
 */
export async function offlineReply(
  message: string,
  ctx: ToolContext,
  run: RunTool,
  pageLang?: ReplyLang,
  reader: { timeZone?: string | null } = {},
): Promise<string> {
  const lang = replyLanguage(message, pageLang);
  const copy = COPY[lang];
  const clock = readerClock({ lang, timeZone: reader.timeZone, market: ctx.market });
  const { text, risk } = await answerFor(message, ctx, run, copy, clock);
  return risk ? `${text}\n\n${copy.risk}` : text;
}
