import type { LanguageModel } from "ai";
import { chatRequestSchema } from "#common/chat";
import { AppError } from "#common/errors";
import type { AlertsService } from "#server/alerts/types";
import type { CalendarService } from "#server/calendar/types";
import type { Company } from "#server/company/types";
import type { Config } from "#server/config";
import type { Db } from "#server/db/client";
import type { Logger } from "#server/logger";
import type { MarketService } from "#server/market/types";
import type { NewsService } from "#server/news/types";
import { chatAdmission, NOT_FOUND_MESSAGE } from "./admission";
import { chatAnswerer } from "./answer";
import * as queries from "./conversations";
import { replyStream } from "./reply-stream";
import type { ChatService } from "./types";

export { ChatLimitError, SITE_LIMIT_MESSAGE } from "./admission";

export interface ChatDeps {
  config: Config;
  db: Db;
  log: Logger;
  /** What the assistant's tools read and do (quotes, news, the calendar, the user's alerts). */
  market: MarketService;
  news: NewsService;
  calendar: CalendarService;
  alerts: AlertsService;
  /** Key statistics of listed companies (the 52-week range the assistant answers). */
  company?: Company;
  /** Tests pass a model (or null for the offline assistant); otherwise it comes from config. */
  model?: LanguageModel | null;
}

/**
 * The chat in parts: admitting a message (admission.ts: rate limits, history), producing the
 * answer (answer.ts: AI model or offline assistant), streaming and saving it (reply-stream.ts),
 * and the conversations' queries (conversations.ts). createChat only wires them.
 */
export function createChat(deps: ChatDeps): ChatService {
  const { config, db, log, market, news, calendar, alerts, company } = deps;
  const admit = chatAdmission({ config, db, log });
  const tools = { market, news, calendar, alerts, company };
  const answerer = chatAnswerer({ config, log, market, tools, model: deps.model });
  const notFound = () => new AppError("not_found:chat_conversation", NOT_FOUND_MESSAGE);
  return {
    requestSchema: chatRequestSchema(config.CHAT_MAX_MESSAGE_CHARS),
    info: () => ({ mode: answerer.mode, maxMessageChars: config.CHAT_MAX_MESSAGE_CHARS }),
    async reply({ body, userId, ip, signal }) {
      const admitted = await admit(body, userId, ip);
      return replyStream({ db, log, answerer, body, userId, admitted, signal });
    },
    listConversations: (userId) => queries.listConversations(db, { userId }),
    async conversationMessages(userId, conversationId) {
      const conversation = await queries.findConversation(db, { userId, conversationId });
      if (!conversation) throw notFound();
      return queries.listMessages(db, { userId, conversationId });
    },
    async deleteConversation(userId, conversationId) {
      const deleted = await queries.deleteConversation(db, { userId, conversationId });
      if (!deleted) throw notFound();
    },
  };
}
