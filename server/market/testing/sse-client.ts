import http from "node:http";

export interface SseEvent {
  id?: string;
  event: string;
  data: any;
}

/** A minimal EventSource for tests: collects parsed events from a text/event-stream URL. */
export function openSse(url: string, headers: Record<string, string> = {}) {
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  let buffer = "";
  const req = http.get(url, { headers: { accept: "text/event-stream", ...headers } }, (res) => {
    res.setEncoding("utf8");
    res.on("data", (chunk: string) => {
      buffer += chunk;
      let end = buffer.indexOf("\n\n");
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const ev: SseEvent = { event: "message", data: undefined };
        let data = "";
        for (const line of block.split("\n")) {
          if (line.startsWith("id: ")) ev.id = line.slice(4);
          else if (line.startsWith("event: ")) ev.event = line.slice(7);
          else if (line.startsWith("data: ")) data += line.slice(6);
        }
        if (data) {
          ev.data = JSON.parse(data);
          events.push(ev);
          for (const w of waiters) w();
        }
        end = buffer.indexOf("\n\n");
      }
    });
  });
  req.on("error", () => {});
  return {
    events,
    /** Resolves with the first event (already received or coming) that matches. */
    next(match: (e: SseEvent) => boolean, timeoutMs = 10_000): Promise<SseEvent> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = events.find(match);
          if (!hit) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(hit);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching SSE event within ${timeoutMs} ms (got ${events.length})`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => req.destroy(),
  };
}
