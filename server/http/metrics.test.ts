import http from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loadConfig } from "../config";
import { user, webhookEndpoints } from "../db/schema";
import type { Services } from "../services";
import { signInCookie, signUpVerified } from "../testing/fixtures";
import { createTestServices } from "../testing/test-services";
import { createHttpApp } from "./app";

let s: Services;
let server: http.Server;
let base = "";
beforeAll(async () => {
  s = await createTestServices();
  server = http.createServer(
    createHttpApp({ services: s, build: () => Promise.reject(new Error("no build")) }),
  );
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  server?.close();
  await s?.close();
});

it("health, readiness and the app's gauges for operators", async () => {
  expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: "ok" });
  expect(await (await fetch(`${base}/readyz`)).json()).toMatchObject({ status: "ready", jobLeader: false });

  await s.outbox.enqueue({
    idempotencyKey: "metrics:1",
    kind: "test",
    to: "a@example.com",
    subject: "x",
    html: "",
    text: "",
  });
  await s.jobs.runNow("rate-limit-sweep");
  // One webhook delivery waiting (jobs are off here, so no worker takes it).
  await s.db.insert(user).values({ id: "metrics-user", name: "M", email: "m@example.com" });
  const [hook] = await s.db
    .insert(webhookEndpoints)
    .values({ userId: "metrics-user", url: "https://hooks.example.com/m", isDefault: true })
    .returning();
  const request = { triggerId: null, payload: {}, push: false, webhook: true, webhookId: hook!.id };
  await s.delivery.queue.enqueue(s.db, [
    { ...request, userId: "metrics-user", eventId: crypto.randomUUID() },
  ]);
  const sse = await fetch(`${base}/api/stream`);
  const metrics = await (await fetch(`${base}/metrics`)).text();
  await sse.body?.cancel();
  expect(metrics).toContain("gulfpulse_job_leader 0");
  expect(metrics).toContain("gulfpulse_sse_clients 1");
  expect(metrics).toContain('gulfpulse_mail_outbox{status="pending"} 1');
  expect(metrics).toContain('gulfpulse_job_failing{job="rate-limit-sweep"} 0');
  expect(metrics).toContain('gulfpulse_alert_deliveries{channel="webhook",state="pending"} 1');
  expect(metrics).toMatch(/gulfpulse_job_last_run_timestamp_seconds\{job="rate-limit-sweep"\} \d+/);
  expect(metrics).toContain("process_resident_memory_bytes");
});

it("counts session lookups answered from memory and read from the database", async () => {
  await signUpVerified(s, "metrics-reader@example.com", "Reader");
  const reader = new Headers({ cookie: await signInCookie(s, "metrics-reader@example.com") });
  const before = s.sessions.stats();
  await s.sessions.get(reader);
  await s.sessions.get(reader);
  const metrics = await (await fetch(`${base}/metrics`)).text();
  expect(metrics).toContain(`gulfpulse_session_lookups{source="memory"} ${before.hits + 1}`);
  expect(metrics).toContain(`gulfpulse_session_lookups{source="database"} ${before.reads + 1}`);
});

it("/metrics needs the bearer token or an allowed address; /healthz and /readyz stay open", async () => {
  const token = "scrape-token-0123456789";
  const guarded = http.createServer(
    createHttpApp({
      services: {
        ...s,
        // Behind one proxy: each request names its client, so loopback tests act as outside callers.
        config: {
          ...s.config,
          TRUST_PROXY: 1,
          METRICS_TOKEN: token,
          METRICS_ALLOW: ["10.1.0.0/16", "::1"],
        },
      } as Services,
      build: () => Promise.reject(new Error("no build")),
    }),
  );
  await new Promise<void>((r) => guarded.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(guarded.address() as { port: number }).port}`;
  const get = (path: string, from: string, authorization?: string) =>
    fetch(url + path, {
      headers: { "x-forwarded-for": from, ...(authorization ? { authorization } : {}) },
    });
  try {
    const outside = await get("/metrics", "203.0.113.9");
    expect(outside.status).toBe(401);
    expect(outside.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    expect(await outside.text()).not.toContain("gulfpulse_");
    expect((await get("/metrics", "203.0.113.9", `Bearer ${token}x`)).status).toBe(401);
    expect((await get("/metrics", "203.0.113.9", "Bearer ")).status).toBe(401);
    expect((await get("/metrics", "127.0.0.1")).status).toBe(401); // loopback is not on this list
    const withToken = await get("/metrics", "203.0.113.9", `Bearer ${token}`);
    expect(withToken.status).toBe(200);
    expect(await withToken.text()).toContain("gulfpulse_job_leader");
    expect((await get("/metrics", "10.1.200.3")).status).toBe(200);
    expect((await get("/metrics", "::1")).status).toBe(200);
    expect((await get("/healthz", "203.0.113.9")).status).toBe(200);
    expect((await get("/readyz", "203.0.113.9")).status).toBe(200);
  } finally {
    guarded.close();
  }
});

it("behind one trusted proxy, an X-Forwarded-For the client wrote itself never opens /metrics", async () => {
  const behindProxy = loadConfig({
    NODE_ENV: "test",
    TRUST_PROXY: "1",
    METRICS_TOKEN: "scrape-token-0123456789",
  });
  const app = http.createServer(
    createHttpApp({
      services: { ...s, config: { ...s.config, TRUST_PROXY: behindProxy.TRUST_PROXY } } as Services,
      build: () => Promise.reject(new Error("no build")),
    }),
  );
  await new Promise<void>((r) => app.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(app.address() as { port: number }).port}/metrics`;
  // What the proxy forwards: the client's own header, then the address the proxy saw.
  const via = (xff: string) => fetch(url, { headers: { "x-forwarded-for": xff } });
  try {
    for (const spoofed of [
      "127.0.0.1, 203.0.113.9",
      "::1, 203.0.113.9",
      "127.0.0.1,10.0.0.1, 198.51.100.4",
    ]) {
      const res = await via(spoofed);
      expect(res.status, spoofed).toBe(401);
      expect(await res.text()).not.toContain("gulfpulse_");
    }
    // A scraper on the proxy's own machine, forwarded as loopback, still reads it.
    expect((await via("203.0.113.9, 127.0.0.1")).status).toBe(200);
  } finally {
    app.close();
  }
});

it("by default only loopback reads /metrics without a token", async () => {
  const { metricsAccess } = await import("./metrics");
  const permits = metricsAccess(s.config);
  expect(permits("127.0.0.1", undefined)).toBe(true);
  expect(permits("::ffff:127.0.0.1", undefined)).toBe(true);
  expect(permits("::1", undefined)).toBe(true);
  expect(permits("192.168.1.20", undefined)).toBe(false);
  expect(permits("192.168.1.20", "Bearer anything")).toBe(false); // no token configured
});
