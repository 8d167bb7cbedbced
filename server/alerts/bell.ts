import type { Bus } from "../realtime/bus";
import type { SseHub } from "../realtime/sse-hub";
import { ALERT_TOPICS } from "./topics";

/**
 * The bell's one subscriber: every process sends recorded notifications (alerts and calendar
 * reminders) and read marks from the bus to the open tabs of their users it holds. Returns the
 * unsubscribe function.
 */
export function listenForBell({ bus, sse }: { bus: Bus; sse: SseHub }): () => void {
  const offs = [
    bus.subscribe(ALERT_TOPICS.notify, (msg) => {
      for (const { u, e } of msg.n) sse.sendToUser(u, "notification", e);
    }),
    bus.subscribe(ALERT_TOPICS.read, (msg) => {
      sse.sendToUser(msg.u, "notifications-read", { ids: msg.ids ?? null, all: msg.all === true });
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}
