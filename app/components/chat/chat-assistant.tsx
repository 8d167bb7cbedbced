import { AlertTriangle, Bot, MessageSquarePlus, Send, X } from "lucide-react";
import { useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import type { ChatInfo } from "#common/chat";
import { Link } from "~/components/link";
import { dirOf } from "~/lib/i18n";
import { useRootData } from "~/lib/root-data";
import { useFormat } from "~/lib/use-format";
import { chatApi } from "./chat-client";
import { failureBanner, useChatToasts } from "./chat-feedback";
import { chatStore, useChatState } from "./chat-store";
import { MessageList } from "./message-list";
import "~/locales/chat";

const DEFAULT_MAX_CHARS = 4_000;

function ModeBadge() {
  const { t } = useTranslation("chat");
  const mode = useChatState((s) => s.mode);
  if (!mode) return null;
  return mode === "offline" ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
      {t("section.offlineLabel")}
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">
      {t("section.aiLabel")}
    </span>
  );
}

function Banner() {
  const { t } = useTranslation("chat");
  const failure = useChatState((s) => s.failure);
  if (!failure) return null;
  return (
    <div
      role="alert"
      className="mx-3 mt-3 flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 sm:mx-5"
      data-testid="chat-banner"
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p className="flex-1">{failureBanner(failure, t)}</p>
      <button
        type="button"
        onClick={chatStore.dismissFailure}
        className="rounded p-0.5 text-red-700 hover:bg-red-100"
        aria-label={t("errors.dismiss")}
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}

function Suggestions({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation("chat");
  const suggestions = t("empty.suggestions", { returnObjects: true }) as string[];
  return (
    <div className="flex h-full flex-col items-center justify-center gap-3 text-center">
      <Bot className="size-10 text-brand-600" aria-hidden />
      <p className="font-semibold text-slate-800">{t("empty.title")}</p>
      <p className="text-sm text-slate-600">{t("empty.hint")}</p>
      <div className="flex max-w-md flex-wrap justify-center gap-2">
        {suggestions.map((s) => (
          <button
            key={s}
            type="button"
            disabled={disabled}
            onClick={() => void chatStore.send(s)}
            className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-700 hover:border-brand-500 hover:text-brand-700 disabled:opacity-50"
          >
            {s}
          </button>
        ))}
      </div>
    </div>
  );
}

const noSubscription = () => () => {};

function Composer({ maxChars }: { maxChars: number }) {
  const { t } = useTranslation("chat");
  const id = useId();
  const [text, setText] = useState("");
  const ref = useRef<HTMLTextAreaElement>(null);
  const status = useChatState((s) => s.status);
  const failure = useChatState((s) => s.failure);
  const inputError = useChatState((s) => s.inputError);
  const busy = status !== "idle";
  const locked = busy || failure !== null;
  // Rendered on the server, the box is disabled: the browser shows that HTML until the chat's code
  // has loaded (chat-section.tsx), and typing into it would go nowhere.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const disabled = locked || !hydrated;
  const f = useFormat();
  const tooLong = text.trim().length > maxChars;
  const error = tooLong ? t("input.tooLong", { max: f.integer(maxChars) }) : inputError;
  const canSend = !disabled && text.trim().length > 0 && !tooLong;

  // Focus comes back once a reply is in (a disabled box loses it).
  const wasLocked = useRef(locked);
  useEffect(() => {
    if (wasLocked.current && !locked) ref.current?.focus({ preventScroll: true });
    wasLocked.current = locked;
  }, [locked]);

  async function submit() {
    if (!canSend) return;
    const message = text;
    setText("");
    const ok = await chatStore.send(message);
    // A rejected message (400) or a failed reply comes back to the box, to edit or send again.
    const after = chatStore.get();
    if (!ok && (after.inputError || after.failure)) setText(message);
  }

  return (
    <form
      className="border-t border-slate-200 bg-slate-50 p-3 sm:px-5"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {t("input.label")}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={id}
          ref={ref}
          rows={2}
          // A typed question sets its own direction; the empty box (its placeholder mixes Arabic
          // and symbols such as USD/AED) reads in the page's direction, not left to right.
          dir={text ? "auto" : dirOf(f.lang)}
          value={text}
          disabled={disabled}
          placeholder={t("input.placeholder")}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setText(e.target.value);
            if (inputError) chatStore.clearInputError();
          }}
          onKeyDown={(e) => {
            // Enter sends; Shift+Enter (and Enter while composing with an IME) adds a line.
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void submit();
            }
          }}
          className="min-h-[3.5rem] flex-1 resize-none rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 disabled:cursor-not-allowed disabled:bg-slate-100"
        />
        <button
          type="submit"
          disabled={!canSend}
          className="inline-flex h-10 items-center gap-1.5 rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white shadow-sm hover:bg-brand-600 disabled:cursor-not-allowed disabled:opacity-50"
        >
          <Send className="size-4 rtl:-scale-x-100" aria-hidden />
          <span>{t("input.send")}</span>
        </button>
      </div>
      <div className="mt-1 flex justify-between gap-2 text-xs">
        {error ? (
          <p id={`${id}-error`} className="text-red-600">
            {error}
          </p>
        ) : (
          <p className="hidden text-slate-600 sm:block">{t("input.hint")}</p>
        )}
        {text.length > maxChars * 0.8 ? (
          <p className={tooLong ? "text-red-600" : "text-slate-600"}>
            {t("input.counter", { count: text.trim().length, max: maxChars })}
          </p>
        ) : null}
      </div>
    </form>
  );
}

/**
 * The home page's AI chat assistant section (docs/product/chat.md). Renders on the server;
 * chatting needs JavaScript. Pass the loader's `chat.info()` as `info` to avoid a request.
 */
export function ChatAssistant({ info }: { info?: ChatInfo }) {
  const { t } = useTranslation("chat");
  const userId = useRootData()?.user?.id ?? null;
  const [maxChars, setMaxChars] = useState(info?.maxMessageChars ?? DEFAULT_MAX_CHARS);
  const messages = useChatState((s) => s.messages);
  const status = useChatState((s) => s.status);
  const failure = useChatState((s) => s.failure);
  const mode = useChatState((s) => s.mode);
  const last = messages.at(-1);
  const thinking =
    status === "waiting" || (status === "streaming" && last?.role === "assistant" && last.content === "");
  useChatToasts();

  useEffect(() => {
    chatStore.setUser(userId);
  }, [userId]);

  useEffect(() => {
    if (info) {
      chatStore.setMode(info.mode);
      return;
    }
    if (mode) return;
    let live = true;
    chatApi
      .info()
      .then((i) => {
        if (!live) return;
        chatStore.setMode(i.mode);
        setMaxChars(i.maxMessageChars);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [info, mode]);

  return (
    <section id="chat" aria-labelledby="chat-title" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-10">
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 bg-gradient-to-r from-brand-900 rtl:bg-gradient-to-l to-brand-700 px-4 py-4 text-white sm:px-5">
          <Bot className="hidden size-7 shrink-0 text-gold-400 sm:block" aria-hidden />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id="chat-title" className="text-xl font-bold">
                {t("section.title")}
              </h2>
              <ModeBadge />
            </div>
            <p className="text-sm text-slate-200">
              {mode === "offline" ? t("section.offlineNote") : t("section.subtitle")}
            </p>
          </div>
          <div className="flex items-center gap-1">
            {messages.length > 0 ? (
              <button
                type="button"
                onClick={chatStore.newChat}
                disabled={status === "waiting" || status === "streaming"}
                className="inline-flex items-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm font-medium text-white hover:bg-white/10 disabled:opacity-50"
                aria-label={t("section.newChat")}
                title={t("section.newChat")}
              >
                <MessageSquarePlus className="size-5 sm:size-4" aria-hidden />
                <span className="hidden sm:inline">{t("section.newChat")}</span>
              </button>
            ) : null}
          </div>
        </div>
        {userId ? null : (
          <p className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 sm:px-5">
            {t("section.signInPrompt")}{" "}
            <Link to="/auth" className="font-semibold underline underline-offset-2">
              {t("section.signIn")}
            </Link>
          </p>
        )}
        <Banner />
        <MessageList
          messages={messages}
          thinking={thinking}
          loading={status === "loading"}
          offline={mode === "offline"}
          empty={<Suggestions disabled={status !== "idle" || failure !== null} />}
        />
        <Composer maxChars={maxChars} />
      </div>
      <p className="mt-2 text-center text-xs text-slate-600">{t("section.disclaimer")}</p>
    </section>
  );
}
