import { type ChatRequest, conversationTitle, HISTORY_TURNS, type HistoryTurn } from "#common/chat";
import { AppError } from "#common/errors";
import type { Config } from "#server/config";
import type { Db } from "#server/db/client";
import type { Logger } from "#server/logger";
import { createRateLimiter } from "../rate-limit/limiter";
import * as queries from "./conversations";

/** Admitting a chat message: the site's rate limits (per address and per account), then the history. */

/** The site's own limit, not the AI provider's: it says so, and when to send again. */
export const SITE_LIMIT_MESSAGE =
  "Too many messages: this is GulfPulse's own chat limit, not the AI service's. Try again in {{seconds}} s.";

export const NOT_FOUND_MESSAGE = "Conversation not found";

/** The site's chat limit refused a message; the route sends Retry-After from it. */
export class ChatLimitError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super("rate_limited:chat", SITE_LIMIT_MESSAGE.replace("{{seconds}}", String(retryAfterSeconds)));
  }
}

/** The conversation so far: the database for a signed-in user, the client's turns otherwise. */
async function loadHistory(db: Db, log: Logger, body: ChatRequest, userId: string | null) {
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

export type Admitted = Awaited<ReturnType<ReturnType<typeof chatAdmission>>>;

export function chatAdmission({ config, db, log }: { config: Config; db: Db; log: Logger }) {
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
  return async function admit(body: ChatRequest, userId: string | null, ip: string) {
    if (!userId || !body.conversationId) {
      await checkRateLimit(ip, userId);
      return loadHistory(db, log, body, userId);
    }
    const [limit, history] = await Promise.allSettled([
      checkRateLimit(ip, userId),
      loadHistory(db, log, body, userId),
    ]);
    if (limit.status === "rejected") throw limit.reason;
    if (history.status === "rejected") throw history.reason;
    return history.value;
  };
}
