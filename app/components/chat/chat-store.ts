import { useSyncExternalStore } from "react";
import { type ChatMode, type ChatStreamEvent, HISTORY_TURN_MAX_CHARS, HISTORY_TURNS } from "#common/chat";
import { ChatHttpError, chatApi, streamChat } from "./chat-client";
import {
  type ChatFailure,
  type ChatMessage,
  type ChatNotice,
  type ChatState,
  initialChatState,
  localId,
  reduceStreamEvent,
} from "./chat-state";

export type { ChatFailure, ChatMessage, ChatNotice, ChatState, ToolActivity } from "./chat-state";

/*
 * The chat's store, shared by the chat section and the history drawer in the header (one per
 * tab). Only the browser ever changes it; the server renders the initial state.
 */

let state: ChatState = initialChatState;
const listeners = new Set<() => void>();
/** The toaster: only the most recently mounted handler shows a notice, so none is shown twice. */
const noticeHandlers: Array<(n: ChatNotice) => void> = [];
let inFlight: AbortController | null = null;

function set(patch: Partial<ChatState> | ((s: ChatState) => Partial<ChatState>)) {
  state = { ...state, ...(typeof patch === "function" ? patch(state) : patch) };
  for (const fn of listeners) fn();
}

function notify(notice: ChatNotice) {
  noticeHandlers.at(-1)?.(notice);
}

const storageKey = (userId: string) => `gulfpulse:chat:${userId}`;

function remember(conversationId: string | null) {
  if (!state.userId || typeof sessionStorage === "undefined") return;
  try {
    if (conversationId) sessionStorage.setItem(storageKey(state.userId), conversationId);
    else sessionStorage.removeItem(storageKey(state.userId));
  } catch {
    // Storage can be off (private mode); the conversation just is not reopened after a reload.
  }
}

function applyEvent(event: ChatStreamEvent, outcome: { ended: boolean; failed: boolean }) {
  if (event.type === "error") {
    outcome.failed = true;
    fail({ kind: event.kind, message: event.message });
    return;
  }
  if (event.type === "offline") {
    const answer: ChatMessage = {
      id: localId("a"),
      role: "assistant",
      content: event.text,
      tools: [],
      offline: true,
    };
    set((s) => ({ messages: [...s.messages, answer] }));
    return;
  }
  set((s) => reduceStreamEvent(s, event));
  if (event.type === "start" && event.created && event.conversation) remember(event.conversation.id);
  if (event.type === "done") {
    outcome.ended = true;
    if (!event.saved) notify({ type: "conversation", key: "saveFailed" });
  }
}

/** Drops the partial reply, shows the banner and reports the failure. */
function fail(failure: ChatFailure) {
  set((s) => ({
    status: "idle",
    failure,
    messages: s.messages.filter((m) => !(m.role === "assistant" && m.streaming)),
  }));
  notify({ type: "failure", failure });
}

export const chatStore = {
  get: () => state,
  subscribe(fn: () => void) {
    listeners.add(fn);
    return () => listeners.delete(fn);
  },
  onNotice(fn: (n: ChatNotice) => void) {
    noticeHandlers.push(fn);
    return () => {
      const i = noticeHandlers.lastIndexOf(fn);
      if (i >= 0) noticeHandlers.splice(i, 1);
    };
  },

  /** Called with the signed-in user's id (or null); a different user starts from a clean state. */
  setUser(userId: string | null) {
    if (state.userId === userId) return;
    inFlight?.abort();
    inFlight = null;
    state = { ...initialChatState, userId, mode: state.mode };
    for (const fn of listeners) fn();
    if (!userId) return;
    // A reload reopens the conversation the tab had open.
    let saved: string | null = null;
    try {
      saved = sessionStorage.getItem(storageKey(userId));
    } catch {}
    if (saved) void chatStore.openConversation(saved, { quiet: true });
  },

  setMode: (mode: ChatMode) => set({ mode }),
  dismissFailure: () => set({ failure: null }),
  clearInputError: () => set({ inputError: null }),
  setDrawerOpen: (open: boolean) => {
    set({ drawerOpen: open });
    if (open) void chatStore.loadConversations();
  },

  async send(text: string): Promise<boolean> {
    const message = text.trim();
    if (!message || state.status !== "idle" || state.failure) return false;
    // Anonymous visitors send the turns so far; a signed-in user's history is on the server.
    const history = state.userId
      ? []
      : state.messages.slice(-HISTORY_TURNS).map((m) => ({
          role: m.role,
          content: m.content.slice(0, HISTORY_TURN_MAX_CHARS),
        }));
    const userMessage: ChatMessage = { id: localId("u"), role: "user", content: message, tools: [] };
    set((s) => ({ messages: [...s.messages, userMessage], status: "waiting", inputError: null }));
    const controller = new AbortController();
    inFlight = controller;
    const outcome = { ended: false, failed: false };
    try {
      await streamChat(
        { message, conversationId: state.userId ? state.conversationId : null, history },
        {
          signal: controller.signal,
          onEvents: (events) => {
            for (const e of events) if (inFlight === controller) applyEvent(e, outcome);
          },
        },
      );
      if (inFlight !== controller || outcome.ended || outcome.failed) return outcome.ended;
      // The stream closed without its final event.
      const gotText = state.messages.at(-1)?.role === "assistant" && state.messages.at(-1)!.content !== "";
      fail(gotText ? { kind: "thrown", message: null } : { kind: "no_response", message: null });
      return false;
    } catch (err) {
      if (controller.signal.aborted) return false;
      if (err instanceof ChatHttpError) {
        if (err.status === 400) {
          set((s) => ({
            status: "idle",
            inputError: err.message,
            messages: s.messages.filter((m) => m !== userMessage),
          }));
          return false;
        }
        // The site's own limit says so and when to retry; a 429 from elsewhere is the provider's.
        if (err.status === 429 && err.code === "rate_limited:chat")
          fail({ kind: "site_limit", message: err.message });
        else if (err.status === 429) fail({ kind: "rate_limit", message: null });
        else if (err.code === "unavailable:chat_create") {
          notify({ type: "conversation", key: "createFailed" });
          set((s) => ({ status: "idle", messages: s.messages.filter((m) => m !== userMessage) }));
        } else {
          if (err.status === 404) {
            // The conversation was deleted elsewhere: the next message starts a new one.
            set({ conversationId: null });
            remember(null);
          }
          fail({ kind: "other", message: err.message || null });
        }
        return false;
      }
      fail({ kind: "thrown", message: err instanceof Error && err.message ? err.message : null });
      return false;
    } finally {
      if (inFlight === controller) inFlight = null;
    }
  },

  async loadConversations() {
    if (!state.userId || state.conversationsLoading) return;
    set({ conversationsLoading: true });
    try {
      const conversations = await chatApi.conversations();
      set({ conversations, conversationsLoading: false });
    } catch {
      set({ conversationsLoading: false });
      notify({ type: "conversation", key: "loadFailed" });
    }
  },

  async openConversation(id: string, opts: { quiet?: boolean } = {}) {
    if (!state.userId) return;
    inFlight?.abort();
    inFlight = null;
    set({ status: "loading", conversationId: id, messages: [], failure: null, drawerOpen: false });
    try {
      const messages = await chatApi.messages(id);
      if (state.conversationId !== id) return;
      set({
        status: "idle",
        messages: messages.map((m) => ({ id: m.id, role: m.role, content: m.content, tools: [] })),
      });
      remember(id);
    } catch (err) {
      if (state.conversationId !== id) return;
      set({ status: "idle", conversationId: null });
      remember(null);
      if (!(opts.quiet && err instanceof ChatHttpError && err.status === 404)) {
        notify({ type: "conversation", key: "messagesFailed" });
      }
    }
  },

  newChat() {
    inFlight?.abort();
    inFlight = null;
    set({
      conversationId: null,
      messages: [],
      status: "idle",
      failure: null,
      inputError: null,
      drawerOpen: false,
    });
    remember(null);
  },

  async deleteConversation(id: string) {
    try {
      await chatApi.remove(id);
    } catch {
      notify({ type: "conversation", key: "deleteFailed" });
      return;
    }
    set((s) => ({ conversations: (s.conversations ?? []).filter((c) => c.id !== id) }));
    // Deleting the current conversation clears the view.
    if (state.conversationId === id) {
      const open = state.drawerOpen;
      chatStore.newChat();
      set({ drawerOpen: open });
    }
    notify({ type: "deleted" });
  },
};

export function useChatState<T>(select: (s: ChatState) => T): T {
  return useSyncExternalStore(
    chatStore.subscribe,
    () => select(state),
    () => select(initialChatState),
  );
}
