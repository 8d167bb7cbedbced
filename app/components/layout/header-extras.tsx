import { NotificationBell } from "~/components/alerts/notification-bell";
import { ChatHistoryButton } from "~/components/chat";

/**
 * Header icons contributed by features (notification bell, chat history drawer). Each feature
 * renders its own component here; this file only lays them out.
 */
export function HeaderExtras() {
  return (
    <div className="flex items-center gap-1">
      <NotificationBell />
      <ChatHistoryButton />
    </div>
  );
}
