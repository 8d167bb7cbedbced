import type { SseEventName, SseEvents } from "#common/sse-events";

/**
 * One EventSource per tab for /api/stream, shared by every feature (market ticks, notifications).
 * The browser reconnects by itself and sends Last-Event-ID. Event names and payloads:
 * common/sse-events.ts.
 */
type Handler<E extends SseEventName> = (data: SseEvents[E]) => void;

let source: EventSource | null = null;
const handlers: { [E in SseEventName]?: Set<Handler<E>> } = {};
const statusHandlers = new Set<(open: boolean) => void>();

function ensure() {
  if (source || typeof window === "undefined") return;
  source = new EventSource("/api/stream");
  source.onopen = () => {
    for (const fn of statusHandlers) fn(true);
  };
  source.onerror = () => {
    for (const fn of statusHandlers) fn(false);
  };
  for (const event of Object.keys(handlers) as SseEventName[]) attach(event);
}

const attached = new Set<SseEventName>();
function attach<E extends SseEventName>(event: E) {
  if (!source || attached.has(event)) return;
  attached.add(event);
  source.addEventListener(event, (e) => {
    const data = JSON.parse((e as MessageEvent).data) as SseEvents[E];
    for (const fn of handlers[event] ?? []) fn(data);
  });
}

/** Listens for one event type; returns the unsubscribe function. */
export function onStreamEvent<E extends SseEventName>(event: E, fn: Handler<E>): () => void {
  let set: Set<Handler<E>> | undefined = handlers[event];
  if (!set) {
    set = new Set();
    // TypeScript cannot write through a generic key of a mapped type; the key and value agree on E.
    handlers[event] = set as (typeof handlers)[E];
  }
  set.add(fn);
  ensure();
  attach(event);
  return () => void set.delete(fn);
}

/** Connection state changes (true when open, false when the browser is reconnecting). */
export function onStreamStatus(fn: (open: boolean) => void): () => void {
  statusHandlers.add(fn);
  ensure();
  return () => statusHandlers.delete(fn);
}

/** Reopens the stream, e.g. after sign-in or sign-out so the server sees the new session. */
export function restartStream() {
  if (!source) return;
  source.close();
  source = null;
  attached.clear();
  ensure();
}
