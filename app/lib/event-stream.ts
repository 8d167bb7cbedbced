/**
 * One EventSource per tab for /api/stream, shared by every feature (market ticks, notifications).
 * The browser reconnects by itself and sends Last-Event-ID.
 */
type Handler = (data: any) => void;

let source: EventSource | null = null;
const handlers = new Map<string, Set<Handler>>();
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
  for (const event of handlers.keys()) attach(event);
}

const attached = new Set<string>();
function attach(event: string) {
  if (!source || attached.has(event)) return;
  attached.add(event);
  source.addEventListener(event, (e) => {
    const data = JSON.parse((e as MessageEvent).data);
    for (const fn of handlers.get(event) ?? []) fn(data);
  });
}

/** Listens for one event type; returns the unsubscribe function. */
export function onStreamEvent(event: string, fn: Handler): () => void {
  let set = handlers.get(event);
  if (!set) {
    set = new Set();
    handlers.set(event, set);
  }
  set.add(fn);
  ensure();
  attach(event);
  return () => set.delete(fn);
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
