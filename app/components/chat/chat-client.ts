import {
  type ChatErrorBody,
  type ChatInfo,
  type ChatStreamEvent,
  type ConversationSummary,
  type HistoryTurn,
  parseChatEvents,
  type StoredMessage,
} from "#common/chat";

/** A non-streaming error answer of the chat API (400, 401, 404, 429, 5xx). */
export class ChatHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

async function failure(res: Response): Promise<ChatHttpError> {
  const body = (await res.json().catch(() => null)) as ChatErrorBody | null;
  return new ChatHttpError(
    res.status,
    body?.error.code ?? null,
    body?.error.message ?? res.statusText,
    body?.error.fields,
  );
}

async function getJson<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, { headers: { Accept: "application/json" }, ...init });
  if (!res.ok) throw await failure(res);
  return (await res.json()) as T;
}

function pageLang(): "en" | "ar" | undefined {
  const lang = typeof document === "undefined" ? "" : document.documentElement.lang;
  return lang === "ar" || lang === "en" ? lang : undefined;
}

/** POST /api/chat, calling onEvent for each event as it arrives. */
export async function streamChat(
  body: { message: string; conversationId: string | null; history: HistoryTurn[] },
  opts: { signal: AbortSignal; onEvents: (events: ChatStreamEvent[]) => void },
): Promise<void> {
  const res = await fetch("/api/chat", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
    // The page's language (<html lang>), so the answer comes in it.
    body: JSON.stringify({ ...body, lang: pageLang() }),
    signal: opts.signal,
  });
  if (!res.ok) throw await failure(res);
  if (!res.body) return;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    const { events, rest } = parseChatEvents(buffer);
    buffer = rest;
    if (events.length) opts.onEvents(events);
  }
}

export const chatApi = {
  info: () => getJson<ChatInfo>("/api/chat"),
  conversations: () =>
    getJson<{ conversations: ConversationSummary[] }>("/api/chat/conversations").then((r) => r.conversations),
  messages: (id: string) =>
    getJson<{ messages: StoredMessage[] }>(`/api/chat/conversations/${encodeURIComponent(id)}`).then(
      (r) => r.messages,
    ),
  async remove(id: string) {
    const res = await fetch(`/api/chat/conversations/${encodeURIComponent(id)}`, { method: "DELETE" });
    if (!res.ok) throw await failure(res);
  },
};
