// GulfPulse service worker: shows Web Push messages and opens their page when clicked.
// Served at /sw.js with Cache-Control: no-cache (server/push/http.ts) so a new version is picked
// up at the next visit; the scope is the whole site.

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

/** The message our server sends (server/push/sender.ts): title, body, url, icon, tag. */
function readMessage(event) {
  if (!event.data) return { title: "GulfPulse", body: "" };
  try {
    return event.data.json();
  } catch {
    return { title: "GulfPulse", body: event.data.text() };
  }
}

self.addEventListener("push", (event) => {
  const message = readMessage(event);
  const url = new URL(message.url || "/", self.location.origin);
  // Only our own pages open from a notification.
  const target = url.origin === self.location.origin ? url.href : self.location.origin;
  event.waitUntil(
    self.registration.showNotification(message.title || "GulfPulse", {
      body: message.body || "",
      icon: message.icon || "/favicon.svg",
      tag: message.tag,
      data: { url: target },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = event.notification.data?.url || self.location.origin;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((w) => w.url === url);
      if (open) return open.focus();
      const any = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (any && "navigate" in any) {
        await any.navigate(url);
        return any.focus();
      }
      return self.clients.openWindow(url);
    })(),
  );
});
