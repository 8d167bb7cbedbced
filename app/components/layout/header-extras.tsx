import { NotificationBell } from "~/components/alerts/notification-bell";
import { ChatHistoryButton } from "~/components/chat";
import { LocalWatchlistMerge } from "~/components/watchlists/local-merge";

/**
 * Header icons contributed by features (notification bell, chat history drawer; the watchlists
 * feature's local-list merge, which shows nothing). Each feature
 * renders its own component here; this file only lays them out.
 */
export function HeaderExtras() {
  return (
    <div className="flex items-center gap-1">
      <NotificationBell />
      <ChatHistoryButton />
      <LocalWatchlistMerge />
    </div>
  );
}
