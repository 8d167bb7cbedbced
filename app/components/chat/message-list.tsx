import { Bot, CheckCircle2, CircleAlert, Loader2, User, Wrench } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { textDir } from "#common/text-direction";
import type { ChatMessage, ToolActivity } from "./chat-store";
import { Markdown } from "./markdown";
import "~/locales/chat";

function ToolLine({ tool }: { tool: ToolActivity }) {
  const { t } = useTranslation("chat");
  const subject =
    tool.subject && tool.name === "getMarketOverview"
      ? t(`categories.${tool.subject}`, { defaultValue: tool.subject })
      : tool.subject;
  const label = subject
    ? t(`tools.subject.${tool.name}`, {
        subject,
        defaultValue: t(`tools.plain.${tool.name}`, { defaultValue: t("tools.plain.other") }),
      })
    : t(`tools.plain.${tool.name}`, { defaultValue: t("tools.plain.other") });
  const Icon = tool.status === "running" ? Loader2 : tool.status === "error" ? CircleAlert : CheckCircle2;
  return (
    <li
      className={`flex items-center gap-1.5 text-xs ${tool.status === "error" ? "text-amber-700" : "text-slate-600"}`}
      data-tool={tool.name}
      data-status={tool.status}
    >
      <Wrench className="size-3.5 shrink-0" aria-hidden />
      <span>
        {tool.status === "running"
          ? `${label}…`
          : tool.status === "error"
            ? t("tools.failed", { label })
            : label}
      </span>
      <Icon className={`size-3.5 shrink-0 ${tool.status === "running" ? "animate-spin" : ""}`} aria-hidden />
    </li>
  );
}

/**
 * One turn. `offlineLead`: the conversation's first answer from the offline assistant carries its
 * "Offline assistant" label above the text, so the reader knows who answers before reading it.
 */
function Message({ message, offlineLead = false }: { message: ChatMessage; offlineLead?: boolean }) {
  const { t } = useTranslation("chat");
  const mine = message.role === "user";
  return (
    <li className={`flex gap-2 ${mine ? "flex-row-reverse" : ""}`} data-role={message.role}>
      <span
        className={`mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full ${
          mine ? "bg-brand-700 text-white" : "bg-gold-400 text-brand-900"
        }`}
        aria-hidden
      >
        {mine ? <User className="size-4" /> : <Bot className="size-4" />}
      </span>
      <div className={`flex min-w-0 max-w-[85%] flex-col gap-1 ${mine ? "items-end" : "items-start"}`}>
        <span className="sr-only">{mine ? t("messages.you") : t("messages.assistant")}</span>
        {message.offline ? (
          <p className="text-xs font-medium text-amber-800" data-testid="offline-label">
            {t("messages.offlineFallback")}
          </p>
        ) : offlineLead ? (
          <p className="text-xs font-medium text-slate-600" data-testid="offline-label">
            {t("section.offlineLabel")}
          </p>
        ) : null}
        {message.tools.length > 0 ? (
          <ul className="space-y-0.5" aria-label={t("tools.running")}>
            {message.tools.map((tool) => (
              <ToolLine key={tool.id} tool={tool} />
            ))}
          </ul>
        ) : null}
        {message.content ? (
          <div
            dir={textDir(message.content)}
            className={`rounded-2xl px-3.5 py-2 text-sm leading-relaxed ${
              mine
                ? "whitespace-pre-wrap [overflow-wrap:anywhere] rounded-se-sm bg-brand-700 text-white"
                : "rounded-ss-sm bg-slate-100 text-slate-800"
            }`}
            data-testid={mine ? "user-message" : "assistant-message"}
            aria-busy={message.streaming ? true : undefined}
          >
            {mine ? message.content : <Markdown text={message.content} />}
          </div>
        ) : null}
      </div>
    </li>
  );
}

function ThinkingIndicator() {
  const { t } = useTranslation("chat");
  return (
    <div className="flex items-center gap-2 ps-9 text-sm text-slate-600" role="status">
      <span className="flex gap-1" aria-hidden>
        <span className="size-1.5 animate-bounce rounded-full bg-slate-400 [animation-delay:-0.3s]" />
        <span className="size-1.5 animate-bounce rounded-full bg-slate-400 [animation-delay:-0.15s]" />
        <span className="size-1.5 animate-bounce rounded-full bg-slate-400" />
      </span>
      {t("messages.thinking")}
    </div>
  );
}

/** The fixed-height conversation area; it keeps the newest text in view while a reply streams. */
export function MessageList({
  messages,
  thinking,
  loading,
  empty,
  offline = false,
}: {
  messages: ChatMessage[];
  thinking: boolean;
  loading: boolean;
  empty: React.ReactNode;
  /** The offline assistant answers (no AI model): its first answer is labelled. */
  offline?: boolean;
}) {
  const { t } = useTranslation("chat");
  const ref = useRef<HTMLDivElement>(null);
  const last = messages.at(-1);
  const firstAnswer = offline ? messages.find((m) => m.role === "assistant")?.id : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls whenever the content grows
  useEffect(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length, last?.content, last?.tools.length, thinking]);

  return (
    <div
      ref={ref}
      className="h-[26rem] overflow-y-auto overscroll-contain px-3 py-4 sm:h-[28rem] sm:px-5"
      role="log"
      aria-label={t("messages.log")}
      aria-live="polite"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
    >
      {loading ? (
        <p className="flex h-full items-center justify-center gap-2 text-sm text-slate-600" role="status">
          <Loader2 className="size-4 animate-spin" aria-hidden />
          {t("messages.loading")}
        </p>
      ) : messages.length === 0 && !thinking ? (
        empty
      ) : (
        <ol className="space-y-4">
          {messages.map((m) => (
            <Message key={m.id} message={m} offlineLead={m.id === firstAnswer} />
          ))}
        </ol>
      )}
      {thinking ? (
        <div className="mt-4">
          <ThinkingIndicator />
        </div>
      ) : null}
    </div>
  );
}
