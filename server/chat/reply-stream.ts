import type { ChatRequest, ChatStreamEvent } from "#common/chat";
import type { Db } from "#server/db/client";
import type { Logger } from "#server/logger";
import type { Admitted } from "./admission";
import type { Emit } from "./ai-reply";
import type { Answer, ChatAnswerer } from "./answer";
import * as queries from "./conversations";
import { encodeEvent, STREAM_HEADERS } from "./sse";

/**
 * One admitted message's reply as a stream of events: start, the answer, then done (with whether
 * it was saved) or error. Nothing is written or sent once the reader has gone.
 */

/** Provider failures after which the offline assistant answers too (the banner stays). */
const OFFLINE_FALLBACK = new Set(["quota", "auth", "other"]);

interface ReplyInput {
  db: Db;
  log: Logger;
  answerer: ChatAnswerer;
  body: ChatRequest;
  userId: string | null;
  admitted: Admitted;
  signal: AbortSignal;
}

/** The reader still gets prices: after a provider failure the offline assistant answers, labelled as such. */
async function fallBack(
  input: ReplyInput,
  error: NonNullable<Answer["error"]>,
  emit: Emit,
  closed: AbortSignal,
) {
  emit({ type: "error", kind: error.kind, message: error.message });
  if (!OFFLINE_FALLBACK.has(error.kind) || closed.aborted) return;
  const text = await input.answerer.offlineAnswer(input.body, input.userId, null).catch((err: unknown) => {
    input.log.warn({ err }, "offline fallback failed");
    return "";
  });
  if (text) emit({ type: "offline", text });
}

/** A signed-in user's exchange is saved to their conversation; an anonymous one counts as saved. */
async function save({ db, log, body, userId, admitted }: ReplyInput, text: string) {
  const { conversation } = admitted;
  if (!userId || !conversation) return { saved: userId === null, conversation };
  try {
    const updated = await queries.saveExchange(db, {
      userId,
      conversationId: conversation.id,
      userText: body.message,
      assistantText: text,
    });
    return { saved: updated !== null, conversation: updated };
  } catch (err) {
    log.error({ err }, "chat message save failed");
    return { saved: false, conversation };
  }
}

async function run(input: ReplyInput, emit: Emit, closed: AbortSignal) {
  const { answerer, body, userId, admitted } = input;
  const result = await answerer.produce(body, userId, admitted.history, emit, closed);
  if (result.aborted) return;
  if (result.error) return fallBack(input, result.error, emit, closed);
  const { saved, conversation } = await save(input, result.text);
  emit({ type: "done", saved, conversation });
}

export function replyStream(input: ReplyInput): Response {
  const closed = new AbortController();
  input.signal.addEventListener("abort", () => closed.abort(), { once: true });
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const emit: Emit = (event: ChatStreamEvent) => {
        if (!closed.signal.aborted) controller.enqueue(encodeEvent(event));
      };
      const { conversation, created } = input.admitted;
      emit({ type: "start", mode: input.answerer.mode, conversation, created });
      try {
        await run(input, emit, closed.signal);
      } catch (err) {
        input.log.error({ err }, "chat reply failed");
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
}
