import http from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";
import { createHttpApp } from "./app";

let s: Services;
let server: http.Server;
let base = "";
beforeAll(async () => {
  s = await createTestServices();
  server = http.createServer(
    createHttpApp({ services: s, loadBuild: () => Promise.reject(new Error("no build")) }),
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
  const sse = await fetch(`${base}/api/stream`);
  const metrics = await (await fetch(`${base}/metrics`)).text();
  await sse.body?.cancel();
  expect(metrics).toContain("gulfpulse_job_leader 0");
  expect(metrics).toContain("gulfpulse_sse_clients 1");
  expect(metrics).toContain('gulfpulse_mail_outbox{status="pending"} 1');
  expect(metrics).toContain('gulfpulse_job_failing{job="rate-limit-sweep"} 0');
  expect(metrics).toMatch(/gulfpulse_job_last_run_timestamp_seconds\{job="rate-limit-sweep"\} \d+/);
  expect(metrics).toContain("process_resident_memory_bytes");
});
