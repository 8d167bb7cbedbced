import { NOTIFICATIONS_LIMIT } from "#common/alert-schema";
import { AppError } from "#common/errors";
import type { Db } from "../db/client";
import type { AlertNotifier } from "./notifier";
import { countUnread, listNotifications, markAllNotificationsRead, markNotificationRead } from "./queries";
import { textsInLanguage } from "./reader-texts";
import type { Alerts } from "./types";
import { isUuid } from "./validation";

export type BellReads = Pick<Alerts, "notifications" | "unreadCount" | "markRead" | "markAllRead">;

/** The bell's notifications: the newest, the unread count, and read marks every open tab hears of. */
export function bellReads({
  db,
  notifier,
  decimalsOf,
}: {
  db: Db;
  notifier: Pick<AlertNotifier, "read">;
  decimalsOf: (symbol: string) => number;
}): BellReads {
  return {
    async notifications(userId, opts) {
      const rows = await listNotifications({
        db,
        userId,
        limit: Math.min(opts?.limit ?? NOTIFICATIONS_LIMIT, 100),
      });
      // In the reader's language when asked (see ./reader-texts.ts), else as stored.
      return rows.map(({ trigger, ...row }) =>
        opts?.lang && trigger ? { ...row, ...textsInLanguage(trigger, row, opts.lang, decimalsOf) } : row,
      );
    },

    unreadCount: (userId) => countUnread({ db, userId }),

    async markRead(userId, notificationId) {
      if (!isUuid(notificationId) || !(await markNotificationRead({ db, userId, notificationId }))) {
        throw new AppError("not_found:notification", "Notification not found");
      }
      await notifier.read(userId, { ids: [notificationId] });
    },

    async markAllRead(userId) {
      const n = await markAllNotificationsRead({ db, userId });
      if (n > 0) await notifier.read(userId, { all: true });
      return n;
    },
  };
}
