import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A canned answer: status and headers (a 429 with Retry-After, a 410 for an expired subscription). */
export interface PushAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Hold the answer this long (a push service that does not answer in time). */
  delayMs?: number;
}

/**
 * A push service on loopback (port 0) for tests: records every request and answers from a queue
 * of canned answers, 201 Created (what push services answer) once the queue is empty.
 */
export async function startLoopbackPushService() {
  const received: ReceivedPush[] = [];
  const answers: PushAnswer[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      const answer = answers.shift() ?? { status: 201 };
      const reply = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body ?? "");
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs).unref();
      else reply();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    /** A subscription address on this service, unique per call. */
    endpoint: () => `${origin}/push/${crypto.randomUUID()}`,
    received,
    answerNext: (...next: PushAnswer[]) => void answers.push(...next),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
