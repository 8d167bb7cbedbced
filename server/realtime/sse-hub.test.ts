/**
 * GET /api/stream through the real app: one client address holds at most
 * SSE_MAX_STREAMS_PER_ADDRESS open streams and one account SSE_MAX_STREAMS_PER_USER (defaults 20
 * and 10); one more gets 429 with a message, and a closed stream frees its place.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpApp } from "../http/app";
import type { Services } from "../services";
import { signInCookie, signUpVerified } from "../testing/fixtures";
import { createTestServices } from "../testing/test-services";
import { DEFAULT_STREAM_LIMITS, TOO_MANY_STREAMS_MESSAGE } from "./sse-hub";

let s: Services;
let server: http.Server;
let port = 0;
let cookie = "";

beforeAll(async () => {
  s = await createTestServices();
  const app = createHttpApp({
    services: s,
    build: async () => {
      throw new Error("no build: the stream is answered before React Router");
    },
  });
  server = await new Promise((resolve) => {
    const srv = app.listen(0, "127.0.0.1", () => resolve(srv));
  });
  port = (server.address() as AddressInfo).port;
  await signUpVerified(s, "streams@example.com", "Streams");
  cookie = await signInCookie(s, "streams@example.com");
}, 90_000);
afterAll(async () => {
  s?.sse.closeAll();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await s?.close();
});

interface Opened {
  status: number;
  body: Promise<string>;
  close(): void;
}

/** One stream request from a loopback address of its own (127.0.0.x), answered once headers are in. */
function open(from: string, withCookie = false): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: "127.0.0.1",
        port,
        path: "/api/stream",
        localAddress: from,
        agent: false,
        headers: { accept: "text/event-stream", ...(withCookie ? { cookie } : {}) },
      },
      (res) => {
        let text = "";
        res.on("data", (c) => (text += c));
        const body = new Promise<string>((done) => res.on("end", () => done(text)));
        resolve({ status: res.statusCode!, body, close: () => req.destroy() });
      },
    );
    req.on("error", reject);
  });
}

/** Until the hub has seen `n` streams close (it learns of it from the socket). */
async function settled(n: number) {
  await expect.poll(() => s.sse.clientCount()).toBe(n);
}

describe("open event streams per address and per account", () => {
  it(`one address holds at most ${DEFAULT_STREAM_LIMITS.perAddress}; others are not affected`, async () => {
    const mine = await Promise.all(
      Array.from({ length: DEFAULT_STREAM_LIMITS.perAddress }, () => open("127.0.0.2")),
    );
    expect(mine.map((o) => o.status)).toEqual(mine.map(() => 200));
    const refused = await open("127.0.0.2");
    expect(refused.status).toBe(429);
    expect(JSON.parse(await refused.body)).toEqual({ error: TOO_MANY_STREAMS_MESSAGE });
    const other = await open("127.0.0.3");
    expect(other.status).toBe(200);
    // A closed stream frees its place.
    mine.pop()!.close();
    await settled(DEFAULT_STREAM_LIMITS.perAddress);
    const again = await open("127.0.0.2");
    expect(again.status).toBe(200);
    for (const o of [...mine, other, again]) o.close();
    await settled(0);
  });

  it(`one account holds at most ${DEFAULT_STREAM_LIMITS.perUser}, from any addresses`, async () => {
    const tabs = await Promise.all(
      Array.from({ length: DEFAULT_STREAM_LIMITS.perUser }, (_, i) => open(`127.0.1.${i + 1}`, true)),
    );
    expect(tabs.map((o) => o.status)).toEqual(tabs.map(() => 200));
    const refused = await open("127.0.2.1", true);
    expect(refused.status).toBe(429);
    expect(JSON.parse(await refused.body)).toEqual({ error: TOO_MANY_STREAMS_MESSAGE });
    // The refused request's address kept no place: anonymous streams from it still open.
    const anonymous = await open("127.0.2.1");
    expect(anonymous.status).toBe(200);
    for (const o of [...tabs, anonymous]) o.close();
    await settled(0);
  });
});
