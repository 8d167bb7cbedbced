/**
 * The alerts' bus topics (payloads typed in server/realtime/bus-topics.ts). Calendar reminders
 * publish on `notify` too: one bell for every notification.
 */
export const ALERT_TOPICS = {
  /** Index changes from create / toggle / delete, applied by every process. */
  index: "alerts:index",
  /** Recorded notifications, sent by each process to the user's tabs it holds. */
  notify: "alerts:notify",
  /** Read marks, so every tab's bell updates. */
  read: "alerts:read",
} as const;
