import { Loader2, MessageSquare, MessageSquarePlus, Trash2, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { ConversationSummary } from "#common/chat";
import { useNavigate } from "~/components/link";
import { useFormat } from "~/lib/use-format";
import { useChatToasts } from "./chat-feedback";
import { chatStore, useChatState } from "./chat-store";
import { dateLabel } from "./date-label";
import "~/locales/chat";

function DateLabelText({ at }: { at: string }) {
  const { t } = useTranslation("chat");
  const f = useFormat();
  const label = dateLabel(at);
  switch (label.kind) {
    case "today":
      return <>{t("history.today")}</>;
    case "yesterday":
      return <>{t("history.yesterday")}</>;
    case "daysAgo":
      return <>{t("history.daysAgo", { count: label.count })}</>;
    default:
      return <>{f.mediumDate(label.date)}</>;
  }
}

function ConversationItem({
  conversation,
  current,
}: {
  conversation: ConversationSummary;
  current: boolean;
}) {
  const { t } = useTranslation("chat");
  const navigate = useNavigate();
  function open() {
    void chatStore.openConversation(conversation.id);
    // The conversation shows in the chat section on the home page.
    const section = document.getElementById("chat");
    if (section) section.scrollIntoView({ behavior: "smooth", block: "start" });
    else navigate("/#chat");
  }
  return (
    <li
      className={`group flex items-center gap-1 rounded-lg ${current ? "bg-brand-50" : "hover:bg-slate-50"}`}
    >
      <button
        type="button"
        onClick={open}
        aria-current={current ? "true" : undefined}
        className="flex min-w-0 flex-1 items-start gap-2 px-3 py-2 text-start"
      >
        <MessageSquare className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
        <span className="min-w-0 flex-1">
          <span dir="auto" className="block truncate text-sm font-medium text-slate-800">
            {conversation.title}
          </span>
          <span className="block text-xs text-slate-600" data-testid="conversation-date">
            <DateLabelText at={conversation.updatedAt} />
          </span>
        </span>
      </button>
      <button
        type="button"
        onClick={() => void chatStore.deleteConversation(conversation.id)}
        className="me-1 rounded p-2 text-slate-400 hover:bg-red-50 hover:text-red-600 focus:text-red-600"
        aria-label={t("history.delete", { title: conversation.title })}
      >
        <Trash2 className="size-4" aria-hidden />
      </button>
    </li>
  );
}

function Drawer() {
  const { t } = useTranslation("chat");
  const open = useChatState((s) => s.drawerOpen);
  const conversations = useChatState((s) => s.conversations);
  const loading = useChatState((s) => s.conversationsLoading);
  const currentId = useChatState((s) => s.conversationId);
  const navigate = useNavigate();

  return (
    <Dialog.Root open={open} onOpenChange={chatStore.setDrawerOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <Dialog.Content className="fixed inset-y-0 start-0 z-50 flex w-[min(22rem,90vw)] flex-col bg-white shadow-xl focus:outline-none">
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <div>
              <Dialog.Title className="text-lg font-semibold text-slate-900">
                {t("history.title")}
              </Dialog.Title>
              <Dialog.Description className="text-xs text-slate-600">
                {t("history.description")}
              </Dialog.Description>
            </div>
            <Dialog.Close
              className="rounded p-1.5 text-slate-600 hover:bg-slate-100"
              aria-label={t("history.close")}
            >
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          <div className="p-3">
            <button
              type="button"
              onClick={() => {
                chatStore.newChat();
                if (!document.getElementById("chat")) navigate("/#chat");
              }}
              className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-600"
            >
              <MessageSquarePlus className="size-4" aria-hidden />
              {t("history.newChat")}
            </button>
          </div>
          <div className="flex-1 overflow-y-auto px-2 pb-4">
            {conversations === null && loading ? (
              <p className="flex items-center gap-2 px-3 py-2 text-sm text-slate-600">
                <Loader2 className="size-4 animate-spin" aria-hidden />
                {t("history.loading")}
              </p>
            ) : conversations && conversations.length > 0 ? (
              <ul className="space-y-0.5" aria-label={t("history.title")}>
                {conversations.map((c) => (
                  <ConversationItem key={c.id} conversation={c} current={c.id === currentId} />
                ))}
              </ul>
            ) : (
              <p className="px-3 py-2 text-sm text-slate-600">{t("history.empty")}</p>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The chat history drawer (a header icon), loaded by ChatHistoryButton on its first click. Each
 * new click (openRequests) opens it again.
 */
export function HistoryDrawer({ userId, openRequests }: { userId: string; openRequests: number }) {
  useChatToasts();
  useEffect(() => {
    chatStore.setUser(userId);
  }, [userId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new click is the trigger by design
  useEffect(() => {
    chatStore.setDrawerOpen(true);
  }, [openRequests]);
  return <Drawer />;
}
