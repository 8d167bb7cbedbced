// The browser's side of Web Push: the service worker, the PushManager subscription, and the
// calls to /api/push/*. Nothing here runs on the server.

export type PushSupport = "unsupported" | "blocked" | "ready";

export function pushSupport(): PushSupport {
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    return "unsupported";
  }
  return Notification.permission === "denied" ? "blocked" : "ready";
}

/** The site's service worker (root scope), registered once per page load. */
export async function serviceWorker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  return navigator.serviceWorker.ready;
}

function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(text.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

export class PushApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function pushApi<T = Record<string, unknown>>(
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: { accept: "application/json", ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json().catch(() => ({}))) as { ok?: boolean; error?: string };
  if (!res.ok || json.ok === false) throw new PushApiError(res.status, json.error ?? `HTTP ${res.status}`);
  return json as T;
}

/** Stores (or refreshes) this browser's subscription on the server; returns its device id. */
export async function saveSubscription(subscription: PushSubscription): Promise<string> {
  const { device } = await pushApi<{ device: { id: string } }>(
    "POST",
    "/api/push/subscriptions",
    subscription.toJSON(),
  );
  return device.id;
}

/**
 * Asks for permission, subscribes with the server's VAPID key (again, if the browser holds a
 * subscription made with another key) and stores it. Null when the user did not allow it.
 */
export async function subscribeThisDevice(): Promise<{ id: string; endpoint: string } | null> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return null;
  const registration = await serviceWorker();
  const { publicKey } = await pushApi<{ publicKey: string }>("GET", "/api/push/public-key");
  const key = base64UrlBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  const current = subscription?.options.applicationServerKey;
  if (subscription && (!current || !sameBytes(new Uint8Array(current), key))) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  return { id: await saveSubscription(subscription), endpoint: subscription.endpoint };
}

/** This browser's subscription, if it has one (without asking for anything). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

function sameBytes(a: Uint8Array, b: Uint8Array) {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
