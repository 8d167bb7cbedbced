import { readFileSync } from "node:fs";
import vm from "node:vm";
import { describe, expect, it } from "vitest";

// The service worker (public/sw.js) run in a stand-in for the browser's worker scope: what it
// shows for a push message and where a click on the notification leads.

const ORIGIN = "https://gulfpulse.example";
const source = readFileSync(new URL("../../public/sw.js", import.meta.url), "utf8");

type Handler = (event: Record<string, unknown>) => void;

function loadWorker(windows: Array<{ url: string }> = []) {
  const handlers = new Map<string, Handler>();
  const shown: Array<{ title: string; options: Record<string, unknown> }> = [];
  const opened: string[] = [];
  const focused: string[] = [];
  const navigated: string[] = [];
  const clientsOf = windows.map((w) => ({
    url: w.url,
    focus: async () => void focused.push(w.url),
    navigate: async (to: string) => void navigated.push(to),
  }));
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, fn: Handler) => handlers.set(type, fn),
    skipWaiting: () => {},
    registration: {
      showNotification: async (title: string, options: Record<string, unknown>) =>
        void shown.push({ title, options }),
    },
    clients: {
      claim: async () => {},
      matchAll: async () => clientsOf,
      openWindow: async (url: string) => void opened.push(url),
    },
  };
  vm.runInNewContext(source, { self, URL });
  /** Runs a handler and waits for what it handed to waitUntil. */
  async function dispatch(type: string, event: Record<string, unknown>) {
    let pending: Promise<unknown> = Promise.resolve();
    handlers.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => (pending = p) });
    await pending;
  }
  return { dispatch, shown, opened, focused, navigated };
}

const pushEvent = (message: unknown) => ({
  data: { json: () => message, text: () => JSON.stringify(message) },
});

describe("the service worker", () => {
  it("shows a push message as a notification: title, body, icon, tag, and the page to open", async () => {
    const w = loadWorker();
    await w.dispatch(
      "push",
      pushEvent({
        title: "TASI above 12,000",
        body: "TASI is at 12,004.50",
        url: "/price-alerts",
        tag: "e1",
      }),
    );
    expect(w.shown).toEqual([
      {
        title: "TASI above 12,000",
        options: {
          body: "TASI is at 12,004.50",
          icon: "/favicon.svg",
          tag: "e1",
          data: { url: `${ORIGIN}/price-alerts` },
        },
      },
    ]);
  });

  it("never opens another site from a notification, and shows something for an empty message", async () => {
    const w = loadWorker();
    await w.dispatch("push", pushEvent({ title: "T", body: "B", url: "https://evil.example/phish" }));
    expect(w.shown[0]!.options.data).toEqual({ url: ORIGIN });
    await w.dispatch("push", {});
    expect(w.shown[1]!.title).toBe("GulfPulse");
  });

  it("a click focuses a tab already on the page, else moves an open tab there, else opens one", async () => {
    const click = (url: string) => ({ notification: { close: () => {}, data: { url } } });
    const onPage = loadWorker([{ url: `${ORIGIN}/price-alerts` }]);
    await onPage.dispatch("notificationclick", click(`${ORIGIN}/price-alerts`));
    expect(onPage.focused).toEqual([`${ORIGIN}/price-alerts`]);

    const elsewhere = loadWorker([{ url: `${ORIGIN}/live-markets` }]);
    await elsewhere.dispatch("notificationclick", click(`${ORIGIN}/calendar/abc`));
    expect(elsewhere.navigated).toEqual([`${ORIGIN}/calendar/abc`]);
    expect(elsewhere.focused).toEqual([`${ORIGIN}/live-markets`]);

    const none = loadWorker();
    await none.dispatch("notificationclick", click(`${ORIGIN}/calendar/abc`));
    expect(none.opened).toEqual([`${ORIGIN}/calendar/abc`]);
  });
});
