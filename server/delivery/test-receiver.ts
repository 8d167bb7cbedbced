import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedRequest {
  headers: http.IncomingHttpHeaders;
  body: string;
  /** What the receiver answered (null: it never answered, the request timed out). */
  status: number | null;
}

/**
 * What the receiver does with one request: answer with a status (and headers), or hold it
 * unanswered for `holdMs` (a receiver that times out), then answer.
 */
export type ReceiverStep = { status: number; headers?: Record<string, string>; holdMs?: number };

/**
 * A webhook receiver on loopback for tests and the benchmark. `script` chooses the answer to each
 * request in order (the last step repeats); the default answers 200 at once.
 */
export async function startTestReceiver(script: ReceiverStep[] | ((n: number) => ReceiverStep) = []) {
  const received: ReceivedRequest[] = [];
  const sockets = new Set<import("node:net").Socket>();
  const step = (n: number): ReceiverStep =>
    typeof script === "function" ? script(n) : (script[Math.min(n, script.length - 1)] ?? { status: 200 });
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const s = step(received.length);
      const entry: ReceivedRequest = { headers: req.headers, body, status: null };
      received.push(entry);
      const answer = () => {
        if (res.destroyed) return;
        entry.status = s.status;
        res.writeHead(s.status, s.headers).end();
      };
      if (s.holdMs) setTimeout(answer, s.holdMs).unref();
      else answer();
    });
  });
  server.keepAliveTimeout = 60_000;
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    /** Requests the receiver answered with a 2xx. */
    accepted: () => received.filter((r) => r.status !== null && r.status >= 200 && r.status < 300),
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type TestReceiver = Awaited<ReturnType<typeof startTestReceiver>>;
