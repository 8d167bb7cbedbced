import type { ChatErrorKind, ChatMode, ChatStreamEvent, ConversationSummary, ToolStatus } from "#common/chat";

/** The chat's state and how stream events change it (pure; the store in chat-store.ts applies them). */

export interface ToolActivity {
  id: string;
  name: string;
  status: ToolStatus;
  subject?: string;
  count?: number;
}

export interface ChatMessage {
  id: string;
  role: "user" | "assistant";
  content: string;
  tools: ToolActivity[];
  streaming?: boolean;
  /** The offline assistant's answer after the AI service failed (labelled in the chat). */
  offline?: boolean;
}

/** A failed reply: the server's failure kinds (docs/product/chat.md), plus "thrown" for a request that failed in the browser. */
export interface ChatFailure {
  kind: ChatErrorKind | "thrown";
  message: string | null;
}

export interface ChatState {
  userId: string | null;
  conversationId: string | null;
  messages: ChatMessage[];
  /** waiting: sent, nothing back yet; streaming: the reply is arriving; loading: opening a conversation. */
  status: "idle" | "loading" | "waiting" | "streaming";
  failure: ChatFailure | null;
  /** Field error of the message box (e.g. too long), from the server's 400. */
  inputError: string | null;
  mode: ChatMode | null;
  conversations: ConversationSummary[] | null;
  conversationsLoading: boolean;
  drawerOpen: boolean;
}

/** What the store reports for the UI to show as toasts (texts are chosen by the components). */
export type ChatNotice =
  | { type: "failure"; failure: ChatFailure }
  | {
      type: "conversation";
      key: "loadFailed" | "createFailed" | "messagesFailed" | "saveFailed" | "deleteFailed";
    }
  | { type: "deleted" };

export const initialChatState: ChatState = {
  userId: null,
  conversationId: null,
  messages: [],
  status: "idle",
  failure: null,
  inputError: null,
  mode: null,
  conversations: null,
  conversationsLoading: false,
  drawerOpen: false,
};

let nextId = 0;
export const localId = (prefix: string) => `${prefix}-${++nextId}`;

function upsertConversation(list: ConversationSummary[] | null, c: ConversationSummary) {
  const rest = (list ?? []).filter((x) => x.id !== c.id);
  return [c, ...rest].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

function updateAssistant(fn: (m: ChatMessage) => ChatMessage, s: ChatState): ChatMessage[] {
  const last = s.messages.at(-1);
  if (last?.role === "assistant" && last.streaming) return [...s.messages.slice(0, -1), fn(last)];
  const fresh: ChatMessage = {
    id: localId("a"),
    role: "assistant",
    content: "",
    tools: [],
    streaming: true,
  };
  return [...s.messages, fn(fresh)];
}

/** The state change of a start, tool, text or done event (errors are handled by the store). */
export function reduceStreamEvent(s: ChatState, event: ChatStreamEvent): Partial<ChatState> {
  switch (event.type) {
    case "start":
      return {
        mode: event.mode,
        conversationId: event.conversation?.id ?? s.conversationId,
        conversations:
          event.conversation && s.conversations !== null
            ? upsertConversation(s.conversations, event.conversation)
            : event.conversation && event.created
              ? [event.conversation]
              : s.conversations,
      };
    case "tool":
      return {
        messages: updateAssistant((m) => {
          const known = m.tools.some((t) => t.id === event.id);
          const tools = known
            ? m.tools.map((t) =>
                t.id === event.id ? { ...t, ...event, subject: event.subject ?? t.subject } : t,
              )
            : [
                ...m.tools,
                {
                  id: event.id,
                  name: event.name,
                  status: event.status,
                  subject: event.subject,
                  count: event.count,
                },
              ];
          return { ...m, tools };
        }, s),
      };
    case "text":
      return {
        status: "streaming",
        messages: updateAssistant((m) => ({ ...m, content: m.content + event.delta }), s),
      };
    case "done":
      return {
        status: "idle",
        messages: s.messages.map((m) => (m.streaming ? { ...m, streaming: false } : m)),
        conversations: event.conversation
          ? upsertConversation(s.conversations, event.conversation)
          : s.conversations,
      };
    default:
      return {};
  }
}
