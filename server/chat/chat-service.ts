import type { LanguageModel, ModelMessage } from "ai";
import {
  type ChatInfo,
  type ChatRequest,
  type ChatStreamEvent,
  type ConversationSummary,
  chatRequestSchema,
  conversationTitle,
  HISTORY_TURNS,
  type HistoryTurn,
  type StoredMessage,
} from "#common/chat";
import { AppError } from "#common/errors";
import type { AlertsService } from "#server/alerts/types";
import type { CalendarService } from "#server/calendar/types";
import type { Config } from "#server/config";
import type { Db } from "#server/db/client";
import type { Logger } from "#server/logger";
import type { MarketService } from "#server/market/types";
import type { NewsService } from "#server/news/types";
import { createRateLimiter } from "../rate-limit/limiter";
import type { Emit } from "./ai-reply";
import * as queries from "./conversations";
import { createMarketContext } from "./market-context";
import { offlineReply, type RunTool } from "./offline/engine";
import type { ClassifiedError } from "./provider-errors";
import { encodeEvent, STREAM_HEADERS } from "./sse";
import { buildSystemPrompt } from "./system-prompt";
import { subjectOf } from "./tool-subject";
import type { ToolContext, ToolOutcome } from "./tools/types";

/** The site's own limit, not the AI provider's: it says so, and when to send again. */
export const SITE_LIMIT_MESSAGE =
  "Too many messages: this is GulfPulse's own chat limit, not the AI service's. Try again in {{seconds}} s.";

/** The site's chat limit refused a message; the route sends Retry-After from it. */
export class ChatLimitError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super("rate_limited:chat", SITE_LIMIT_MESSAGE.replace("{{seconds}}", String(retryAfterSeconds)));
  }
}

/** Provider failures after which the offline assistant answers too (the banner stays). */
const OFFLINE_FALLBACK = new Set(["quota", "auth", "other"]);
const NOT_FOUND_MESSAGE = "Conversation not found";

export interface ChatService {
  info(): ChatInfo;
  /** Zod schema of the POST /api/chat body (the message length limit comes from config). */
  requestSchema: ReturnType<typeof chatRequestSchema>;
  /**
   * Everything after validation and identification: rate limit, history, the streamed reply,
   * saving. Throws AppError (429, 404) before the stream starts.
   */
  reply(input: {
    body: ChatRequest;
    userId: string | null;
    ip: string;
    signal: AbortSignal;
  }): Promise<Response>;
  listConversations(userId: string): Promise<ConversationSummary[]>;
  /** Throws not_found unless the conversation is the user's. */
  conversationMessages(userId: string, conversationId: string): Promise<StoredMessage[]>;
  deleteConversation(userId: string, conversationId: string): Promise<void>;
}

export interface ChatDeps {
  config: Config;
  db: Db;
  log: Logger;
  /** What the assistant's tools read and do (quotes, news, the calendar, the user's alerts). */
  market: MarketService;
  news: NewsService;
  calendar: CalendarService;
  alerts: AlertsService;
  /** Tests pass a model (or null for the offline assistant); otherwise it comes from config. */
  model?: LanguageModel | null;
}

export function createChat(deps: ChatDeps): ChatService {
  const { config, db, log, market, news, calendar, alerts } = deps;
  const aiConfigured =
    deps.model === undefined ? Boolean(config.AI_BASE_URL || config.AI_API_KEY) : deps.model !== null;
  const mode = aiConfigured ? "ai" : "offline";
  // The AI SDK (and the tools' JSON schemas) load with the first AI reply, not at start: an idle
  // process, or one whose assistant is the offline one, never holds them (decision 024).
  let ai: Promise<{ model: LanguageModel; streamAiReply: typeof import("./ai-reply").streamAiReply }> | null =
    null;
  const loadAi = () =>
    (ai ??= Promise.all([
      deps.model ?? import("./provider").then((p) => p.createChatModel(config)!),
      import("./ai-reply"),
    ]).then(([model, reply]) => ({ model, streamAiReply: reply.streamAiReply })));
  const marketContext = createMarketContext(market);
  const perIp = createRateLimiter(db, {
    name: "chat-ip",
    limit: config.CHAT_RATE_LIMIT_PER_IP,
    windowMs: config.CHAT_RATE_LIMIT_WINDOW_MS,
  });
  const perUser = createRateLimiter(db, {
    name: "chat-user",
    limit: config.CHAT_RATE_LIMIT_PER_USER,
    windowMs: config.CHAT_RATE_LIMIT_WINDOW_MS,
  });
  const requestSchema = chatRequestSchema(config.CHAT_MAX_MESSAGE_CHARS);

  const toolContext = (userId: string | null): ToolContext => ({
    market,
    news,
    calendar,
    alerts,
    userId,
  });

  async function checkRateLimit(ip: string, userId: string | null) {
    // Both buckets are charged in one round trip: this sits before the first token.
    const [ipOk, userOk] = await Promise.all([perIp.hit(ip), userId === null || perUser.hit(userId)]);
    if (!ipOk || !userOk) {
      const waits = await Promise.all([
        ipOk ? 0 : perIp.retryAfterSeconds(ip),
        userOk || userId === null ? 0 : perUser.retryAfterSeconds(userId),
      ]);
      throw new ChatLimitError(Math.max(1, ...waits));
    }
  }

  /**
   * The rate limit, then the history. Reading an existing conversation writes nothing, so it runs
   * beside the limit check (and is dropped if the limit refuses); a new conversation is only
   * created once the request is allowed.
   */
  async function admit(body: ChatRequest, userId: string | null, ip: string) {
    if (!userId || !body.conversationId) {
      await checkRateLimit(ip, userId);
      return loadHistory(body, userId);
    }
    const [limit, history] = await Promise.allSettled([
      checkRateLimit(ip, userId),
      loadHistory(body, userId),
    ]);
    if (limit.status === "rejected") throw limit.reason;
    if (history.status === "rejected") throw history.reason;
    return history.value;
  }

  /** The conversation so far: the database for a signed-in user, the client's turns otherwise. */
  async function loadHistory(body: ChatRequest, userId: string | null) {
    if (!userId) return { conversation: null, created: false, history: body.history.slice(-HISTORY_TURNS) };
    if (body.conversationId) {
      const found = await queries.findConversationWithHistory(db, {
        userId,
        conversationId: body.conversationId,
        last: HISTORY_TURNS * 2,
      });
      if (!found) throw new AppError("not_found:chat_conversation", NOT_FOUND_MESSAGE);
      return { conversation: found.conversation, created: false, history: found.history as HistoryTurn[] };
    }
    try {
      // The first message creates the conversation, so it shows in the drawer at once.
      const conversation = await queries.createConversation(db, {
        userId,
        title: conversationTitle(body.message),
      });
      return { conversation, created: true, history: [] as HistoryTurn[] };
    } catch (err) {
      log.error({ err }, "chat conversation create failed");
      throw new AppError("unavailable:chat_create", "Failed to create new conversation");
    }
  }

  /** The offline assistant's answer; its tool steps are shown when `emit` is given. */
  async function offlineAnswer(body: ChatRequest, userId: string | null, emit: Emit | null) {
    const ctx = toolContext(userId);
    let n = 0;
    const run: RunTool = async (tool, input) => {
      const id = `offline-${++n}`;
      emit?.({ type: "tool", id, name: tool.name, status: "running", subject: subjectOf(input) });
      const out: ToolOutcome = await tool
        .execute(tool.inputSchema.parse(input), ctx)
        .catch((err: unknown) => {
          log.warn({ err, tool: tool.name }, "chat tool failed");
          return { ok: false, error: "That information is not available right now." };
        });
      emit?.({
        type: "tool",
        id,
        name: tool.name,
        status: out.ok ? "done" : "error",
        subject: out.subject,
        count: out.count,
      });
      return out as any;
    };
    return offlineReply(body.message, ctx, run, body.lang);
  }

  async function produce(
    body: ChatRequest,
    userId: string | null,
    history: HistoryTurn[],
    emit: Emit,
    signal: AbortSignal,
  ): Promise<{ text: string; error: ClassifiedError | null; aborted: boolean }> {
    const ctx = toolContext(userId);
    if (!aiConfigured) {
      const text = await offlineAnswer(body, userId, emit);
      if (signal.aborted) return { text, error: null, aborted: true };
      emit({ type: "text", delta: text });
      return { text, error: null, aborted: false };
    }
    const messages: ModelMessage[] = [
      ...history.map((t) => ({ role: t.role, content: t.content }) as ModelMessage),
      { role: "user", content: body.message },
    ];
    const instructions = buildSystemPrompt({
      snapshot: marketContext.text(),
      signedIn: userId !== null,
      now: new Date(),
      pageLang: body.lang,
    });
    const { model, streamAiReply } = await loadAi();
    return streamAiReply({
      model,
      instructions,
      messages,
      ctx,
      timeoutMs: config.AI_TIMEOUT_MS,
      signal,
      emit,
      log,
    });
  }

  return {
    requestSchema,
    info: () => ({ mode, maxMessageChars: config.CHAT_MAX_MESSAGE_CHARS }),

    async reply({ body, userId, ip, signal }) {
      const { conversation, created, history } = await admit(body, userId, ip);
      const closed = new AbortController();
      signal.addEventListener("abort", () => closed.abort(), { once: true });

      const stream = new ReadableStream<Uint8Array>({
        async start(controller) {
          const emit: Emit = (event: ChatStreamEvent) => {
            if (!closed.signal.aborted) controller.enqueue(encodeEvent(event));
          };
          emit({ type: "start", mode, conversation, created });
          try {
            const result = await produce(body, userId, history, emit, closed.signal);
            if (result.aborted) return;
            if (result.error) {
              emit({ type: "error", kind: result.error.kind, message: result.error.message });
              // The reader still gets prices: the offline assistant answers, labelled as such.
              if (OFFLINE_FALLBACK.has(result.error.kind) && !closed.signal.aborted) {
                const text = await offlineAnswer(body, userId, null).catch((err: unknown) => {
                  log.warn({ err }, "offline fallback failed");
                  return "";
                });
                if (text) emit({ type: "offline", text });
              }
              return;
            }
            let saved = userId === null;
            let updated = conversation;
            if (userId && conversation) {
              try {
                updated = await queries.saveExchange(db, {
                  userId,
                  conversationId: conversation.id,
                  userText: body.message,
                  assistantText: result.text,
                });
                saved = updated !== null;
              } catch (err) {
                log.error({ err }, "chat message save failed");
              }
            }
            emit({ type: "done", saved, conversation: updated });
          } catch (err) {
            log.error({ err }, "chat reply failed");
            emit({ type: "error", kind: "other", message: null });
          } finally {
            if (!closed.signal.aborted) controller.close();
          }
        },
        cancel() {
          closed.abort();
        },
      });
      return new Response(stream, { headers: STREAM_HEADERS });
    },

    listConversations: (userId) => queries.listConversations(db, { userId }),

    async conversationMessages(userId, conversationId) {
      const conversation = await queries.findConversation(db, { userId, conversationId });
      if (!conversation) throw new AppError("not_found:chat_conversation", NOT_FOUND_MESSAGE);
      return queries.listMessages(db, { userId, conversationId });
    },

    async deleteConversation(userId, conversationId) {
      const deleted = await queries.deleteConversation(db, { userId, conversationId });
      if (!deleted) throw new AppError("not_found:chat_conversation", NOT_FOUND_MESSAGE);
    },
  };
}
