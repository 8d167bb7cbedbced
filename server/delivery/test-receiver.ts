import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

export type VerifySignature = (
  secret: string,
  rawBody: string,
  header: string | undefined,
  nowSeconds?: number,
) => boolean;

/**
 * The receiver code published in docs/product/alerts.md, run as published: tests check
 * signatures with it, so the documented recipe cannot drift from what the sender does.
 */
export async function loadDocumentedVerifier(): Promise<VerifySignature> {
  const doc = fs.readFileSync(path.resolve("docs/product/alerts.md"), "utf8");
  const block = doc.match(
    /<!-- webhook-verify:start -->\s*```js\n([\s\S]*?)```\s*<!-- webhook-verify:end -->/,
  );
  if (!block) throw new Error("docs/product/alerts.md has no webhook-verify snippet");
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "gp-verify-")), "verify-gulfpulse.mjs");
  fs.writeFileSync(file, block[1]!);
  return (await import(pathToFileURL(file).href)).verifyGulfPulse;
}

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
