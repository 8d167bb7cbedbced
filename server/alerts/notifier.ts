import type { Bus } from "../realtime/bus";
import type { AlertNotifyItem } from "../realtime/bus-topics";
import { ALERT_TOPICS } from "./topics";
import type { NotificationEvent } from "./types";

/** NOTIFY payloads must stay under 8000 bytes. */
const MAX_PAYLOAD = 7_000;

/** A recorded trigger: the notification for its owner, the price, and when the alert wakes again (if it does). */
export interface RecordedTrigger {
  userId: string;
  event: NotificationEvent;
  price: number;
  wakeAt: number | null;
}

/**
 * Announces on the bus what the bell shows: recorded triggers (every process sends them to the
 * tabs it holds, server/alerts/bell.ts) and read marks (every tab recounts).
 */
export interface AlertNotifier {
  triggered(recorded: RecordedTrigger[]): Promise<void>;
  read(userId: string, marked: { ids: string[] } | { all: true }): Promise<void>;
}

/** Splits items into bus messages that each fit a NOTIFY payload. */
export function chunkBySize<T, M>(items: T[], wrap: (part: T[]) => M): M[] {
  const out: M[] = [];
  let part: T[] = [];
  let size = 0;
  for (const item of items) {
    const len = JSON.stringify(item).length + 1;
    if (part.length > 0 && size + len > MAX_PAYLOAD) {
      out.push(wrap(part));
      part = [];
      size = 0;
    }
    part.push(item);
    size += len;
  }
  if (part.length > 0) out.push(wrap(part));
  return out;
}

export function createAlertNotifier({ bus }: { bus: Bus }): AlertNotifier {
  return {
    async triggered(recorded) {
      const items: AlertNotifyItem[] = recorded.map((r) => ({
        u: r.userId,
        e: r.event,
        p: r.price,
        w: r.wakeAt,
      }));
      for (const msg of chunkBySize(items, (n) => ({ n }))) await bus.publish(ALERT_TOPICS.notify, msg);
    },
    read: (userId, marked) => bus.publish(ALERT_TOPICS.read, { u: userId, ...marked }),
  };
}
