import { z } from "zod";
import { LANGUAGES } from "./locale";

/**
 * The chat wire format, shared by POST /api/chat (server) and the chat section (browser).
 * Request: JSON. Response: `text/event-stream` with the events in `ChatStreamEvent`.
 */

/** Anonymous visitors send their history: at most the last 20 turns, each ≤ 4,000 characters. */
export const HISTORY_TURNS = 20;
export const HISTORY_TURN_MAX_CHARS = 4_000;
/** A conversation's title is its first message cut at 50 characters. */
const TITLE_MAX_CHARS = 50;

export const historyTurnSchema = z.object({
  role: z.enum(["user", "assistant"]),
  content: z.string().max(HISTORY_TURN_MAX_CHARS),
});
export type HistoryTurn = z.infer<typeof historyTurnSchema>;

/** One schema for the form (client, instant feedback) and the endpoint (truth). */
export function chatRequestSchema(maxMessageChars: number) {
  return z.object({
    // NUL characters are dropped: PostgreSQL text cannot store them (the saved message would fail).
    message: z
      .string()
      .transform((v) => v.replaceAll("\0", ""))
      .pipe(z.string().trim().min(1, { error: "empty" }).max(maxMessageChars, { error: "too_long" })),
    /** A signed-in user's conversation; absent or null starts a new one. */
    conversationId: z.uuid().nullish(),
    /** Anonymous users only: the turns so far (signed-in history comes from the database). */
    history: z.array(historyTurnSchema).max(HISTORY_TURNS).default([]),
    /** The language of the page the chat is on; the answer's language when the message has no Arabic. */
    lang: z.enum(LANGUAGES).optional(),
  });
}
export type ChatRequest = z.infer<ReturnType<typeof chatRequestSchema>> & {
  /** The reader's zone for the times in an answer: set by the server from the tz cookie, not the body. */
  timeZone?: string | null;
};

/** The first message's first 50 characters, with an ellipsis if longer. */
export function conversationTitle(message: string): string {
  const text = message.trim().replace(/\s+/g, " ");
  return text.length > TITLE_MAX_CHARS ? `${text.slice(0, TITLE_MAX_CHARS)}...` : text;
}

export type ChatMode = "ai" | "offline";

/** How a failed reply is shown: each kind has its banner and toast (docs/product/chat.md). */
export type ChatErrorKind = "rate_limit" | "auth" | "quota" | "other" | "no_response" | "site_limit";

export interface ConversationSummary {
  id: string;
  title: string;
  updatedAt: string; // ISO
}

export interface StoredMessage {
  id: string;
  role: "user" | "assistant";
  content: string;
  createdAt: string; // ISO
}

export type ToolStatus = "running" | "done" | "error";

export type ChatStreamEvent =
  | { type: "start"; mode: ChatMode; conversation: ConversationSummary | null; created: boolean }
  | {
      type: "tool";
      id: string;
      name: string;
      status: ToolStatus;
      /** What the tool worked on (a symbol, a topic), for the activity line. */
      subject?: string;
      count?: number;
    }
  | { type: "text"; delta: string }
  | { type: "error"; kind: ChatErrorKind; message: string | null }
  /** After a provider failure: the offline assistant's answer, labelled as such in the chat. */
  | { type: "offline"; text: string }
  | { type: "done"; saved: boolean; conversation: ConversationSummary | null };

/** JSON body of a non-streaming error answer (400, 404, 429...). */
export interface ChatErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

export interface ChatInfo {
  mode: ChatMode;
  maxMessageChars: number;
}

/**
 * Splits `data:` frames off an event-stream buffer. Returns the complete events and the unparsed
 * remainder (a frame still arriving). Used by the browser while reading and by tests.
 */
export function parseChatEvents(buffer: string): { events: ChatStreamEvent[]; rest: string } {
  const events: ChatStreamEvent[] = [];
  const frames = buffer.split("\n\n");
  const rest = frames.pop() ?? "";
  for (const frame of frames) {
    const data = frame
      .split("\n")
      .filter((l) => l.startsWith("data:"))
      .map((l) => l.slice(5).trimStart())
      .join("\n");
    if (data) events.push(JSON.parse(data) as ChatStreamEvent);
  }
  return { events, rest };
}
