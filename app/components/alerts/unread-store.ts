import { useSyncExternalStore } from "react";

/**
 * The signed-in user's unread notification count, shared by the header bell and the
 * /price-alerts page so both change together.
 */
let unread = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const fn of listeners) fn();
}

export const unreadStore = {
  get: () => unread,
  set(n: number) {
    if (n === unread) return;
    unread = Math.max(0, n);
    emit();
  },
  add(delta: number) {
    unreadStore.set(unread + delta);
  },
  subscribe(fn: () => void) {
    listeners.add(fn);
    return () => void listeners.delete(fn);
  },
};

/** Server render always shows 0: the count is per user and fetched in the browser. */
export function useUnreadCount() {
  return useSyncExternalStore(unreadStore.subscribe, unreadStore.get, () => 0);
}

/** Asks the server for the current count (after reconnects and read marks from other tabs). */
export async function refreshUnread(signal?: AbortSignal) {
  try {
    const res = await fetch("/api/notifications", { signal, headers: { Accept: "application/json" } });
    if (!res.ok) return;
    const body = (await res.json()) as { unread: number };
    unreadStore.set(body.unread);
  } catch {
    // Notification load failures are only logged; the next event refreshes it.
  }
}
