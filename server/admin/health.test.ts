import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scriptedProvider, stubJobs } from "../alerts/testing/scripted-market";
import type { SourceHealth } from "../market/types";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";

let s: Services;
let sources: SourceHealth[] = [];

const source = (name: string, over: Partial<SourceHealth>): SourceHealth => ({
  name,
  groups: [],
  quoted: 0,
  ok: true,
  budget: { perMinute: 8, perDay: 800, usedMinute: 0, usedDay: 0 },
  lastSuccess: null,
  lastError: null,
  lastErrorAt: null,
  backoffUntil: null,
  ...over,
});

beforeAll(async () => {
  // The real market service on a provider that reports its sources' health, as the composite does.
  const provider = Object.assign(scriptedProvider(), { health: () => sources });
  s = await createTestServices({}, { market: { provider, jobs: stubJobs(true) } });
  await s.market.tick(Date.now());
});
afterAll(() => s.close());

const marketCheck = async () =>
  (await s.admin.overview({ inboxFilter: "open", inboxPage: 1, auditPage: 1 })).health.checks.find(
    (c) => c.key === "market",
  )!;

describe("the market check reports each real source", () => {
  it("is degraded while a source fails, naming it with its error, last failure and last success", async () => {
    sources = [
      source("yahoo", { ok: false, lastError: "HTTP 429", lastErrorAt: "2026-11-28T12:00:00.000Z" }),
      source("twelvedata", { ok: true, quoted: 12, lastSuccess: "2026-11-28T12:00:05.000Z" }),
      source("frankfurter", {
        ok: false,
        lastError: "fetch failed",
        lastErrorAt: "2026-11-28T12:00:01.000Z",
        lastSuccess: "2026-11-27T15:00:00.000Z",
      }),
    ];
    expect(await marketCheck()).toEqual({
      key: "market",
      ok: false,
      reason: "sourcesFailing",
      params: {
        failing: 2,
        total: 3,
        sources:
          "yahoo: HTTP 429 at 2026-11-28T12:00:00.000Z, last success never; " +
          "frankfurter: fetch failed at 2026-11-28T12:00:01.000Z, last success 2026-11-27T15:00:00.000Z",
      },
    });
  });

  it("is OK when every source answers (a source not asked yet is not failing)", async () => {
    sources = [source("yahoo", { ok: true, quoted: 3 }), source("gold-api", { ok: false })];
    expect(await marketCheck()).toMatchObject({ ok: true, reason: "ok" });
  });
});
