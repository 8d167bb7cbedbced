import type { MarketWire } from "#common/market-wire";
import type { NotificationEvent } from "#common/sse-events";
import type { ArmedAlert } from "#server/alerts/alert-index";

/**
 * Every topic of the bus (server/realtime/bus.ts) and the payload it carries, so that a topic name
 * or a payload that does not match is a type error for publisher and subscriber alike (as
 * `SseEvents` in common/sse-events.ts does for the browser's stream). Payloads cross processes as
 * JSON through Postgres NOTIFY, which refuses 8000 bytes and more: the busy topics keep one-letter
 * keys, each documented below, and their publishers split what would not fit.
 *
 * This file names a feature's payload type only with `import type` (erased at runtime): it is the
 * one place to read what crosses processes, and the bus itself still depends on no feature.
 */
export interface BusTopics {
  /**
   * A user's sessions or roles changed: every process drops its cached sessions of that user.
   * Sent by the database itself (a trigger, migration 0013_auth_change_announcements), so the key
   * is fixed by that SQL.
   */
  "auth:changed": { userId: string };
  /** A process's heartbeat to itself, proving its own messages still arrive (server/cache/bus-freshness.ts). */
  "auth:heartbeat": BusHeartbeat;
  /** A push or webhook delivery was queued: the delivery worker looks at once instead of at its next poll. */
  "delivery:wake": Record<string, never>;
  /** A site setting was written: every process re-reads the settings. */
  "settings:changed": { key: string };
  /** Shared snapshots of these topics are out of date: every process drops its copies. */
  "snapshots:changed": readonly SnapshotTopic[];
  /** A market tick: the quotes that changed (or a full snapshot), split to fit one payload each. */
  "market:tick": MarketWire;
  /**
   * Someone looks at an instrument (its page): every process counts it as watched for a while,
   * the leader's feed planner included. Sent at most twice a minute per symbol.
   */
  "market:watch": MarketWatch;
  /** New listings were added to the instrument directory: every process reloads it. */
  "instruments:changed": { added: number };
  /** An alert was armed or disarmed: every other process applies the change to its alert index. */
  "alerts:index": AlertIndexChange;
  /** Recorded alert and reminder notifications: each process sends them to the tabs it holds. */
  "alerts:notify": AlertNotifications;
  /** Notifications were marked read: every process tells the user's open tabs to recount. */
  "alerts:read": AlertsRead;
}

export type BusTopic = keyof BusTopics;

/** The shared-snapshot topics (server/cache/shared-snapshots.ts). */
export type SnapshotTopic = "content" | "news" | "calendar" | "listings";

export interface BusHeartbeat {
  /** The sending process's random id: a process hears only its own heartbeats. */
  p: string;
  /** The heartbeat's sequence number. */
  n: number;
}

export interface MarketWatch {
  /** The instrument's symbol. */
  s: string;
}

export interface AlertIndexChange {
  /** The publishing process's random id: it applied the change already and skips its own message. */
  o: string;
  /** An alert armed (created, re-armed, edited). */
  add?: ArmedAlert;
  /** The ids of alerts disarmed (deleted, paused, fired once). */
  remove?: string[];
}

/** One recorded trigger on the bus. */
export interface AlertNotifyItem {
  /** The user's id. */
  u: string;
  /** The notification, as the browser's `notification` event carries it. */
  e: NotificationEvent;
  /** The price it fired at (0 for a calendar reminder, which has no price). */
  p: number;
  /**
   * When a daily or every alert may fire again (epoch ms); null when it is done (once) or is no
   * alert (a calendar reminder).
   */
  w: number | null;
}

export interface AlertNotifications {
  /** The notifications (a message holds as many as fit one payload). */
  n: AlertNotifyItem[];
}

export interface AlertsRead {
  /** The user's id. */
  u: string;
  /** The notifications marked read, when not all. */
  ids?: string[];
  /** Every notification of the user was marked read. */
  all?: boolean;
}
