import { Bell } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "~/components/link";
import { onStreamEvent, onStreamStatus, restartStream } from "~/lib/event-stream";
import { useRootData } from "~/lib/root-data";
import { toast } from "~/lib/toast";
import { useFormat } from "~/lib/use-format";
import { refreshUnread, unreadStore, useUnreadCount } from "./unread-store";

/**
 * The header bell (every page): the unread count, and a toast in every open tab when one of the
 * user's alerts triggers. Only here does a `notification` event become a toast, so a page that
 * also listens never shows it twice.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const userId = useRootData()?.user?.id ?? null;
  const unread = useUnreadCount();
  const f = useFormat();
  const seenUser = useRef(userId);

  // The stream identifies the user when it opens: reopen it after sign-in or sign-out.
  useEffect(() => {
    if (seenUser.current === userId) return;
    seenUser.current = userId;
    restartStream();
  }, [userId]);

  useEffect(() => {
    if (!userId) {
      unreadStore.set(0);
      return;
    }
    const abort = new AbortController();
    void refreshUnread(abort.signal);
    const offs = [
      onStreamEvent("notification", (n) => {
        unreadStore.add(1);
        toast(n.title, { description: n.message, id: n.id });
      }),
      onStreamEvent("notifications-read", () => void refreshUnread()),
      // Events sent while the stream was down are not replayed: recount on reconnect.
      onStreamStatus((open) => {
        if (open) void refreshUnread();
      }),
    ];
    return () => {
      abort.abort();
      for (const off of offs) off();
    };
  }, [userId]);

  if (!userId) return null;
  const label = unread > 0 ? t("bell.labelUnread", { count: unread }) : t("bell.label");
  return (
    <Link
      to="/price-alerts?tab=notifications"
      className="relative rounded p-2 text-slate-100 hover:bg-white/10"
      aria-label={label}
      title={label}
      data-testid="notification-bell"
    >
      <Bell className="size-5" aria-hidden />
      {unread > 0 ? (
        <span
          className="absolute -end-0.5 -top-0.5 flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-bold leading-5 text-white"
          aria-hidden
        >
          {/* In the page's digits, as the bell's name says the number. */}
          {unread > 99 ? `${f.integer(99)}+` : f.integer(unread)}
        </span>
      ) : null}
    </Link>
  );
}
