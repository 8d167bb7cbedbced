import { describe, expect, it } from "vitest";
import { planRefresh, RequestLog } from "./refresh-planner";

const MINUTE = 60_000;
const symbols = Array.from({ length: 700 }, (_, i) => `S${String(i).padStart(3, "0")}`);

/** Runs the planner every tick the way the composite does, recording what it asks for. */
function simulate(opts: {
  minutes: number;
  tickMs: number;
  budget: { perMinute: number; perDay: number };
  alerted?: Set<string>;
  watched?: Set<string>;
  batchSize?: number;
}) {
  const log = new RequestLog();
  const refreshedAt = new Map<string, number>();
  const sent: Array<{ at: number; symbols: string[] }> = [];
  let cursor = 0;
  const start = Date.parse("2026-11-18T08:00:00Z");
  for (let now = start; now < start + opts.minutes * MINUTE; now += opts.tickMs) {
    const plan = planRefresh({
      now,
      candidates: symbols,
      alerted: opts.alerted ?? new Set(),
      watched: opts.watched ?? new Set(),
      refreshedAt,
      minAgeMs: opts.tickMs,
      requests: log.remaining(opts.budget, now),
      batchSize: opts.batchSize ?? 1,
      cursor,
    });
    cursor = plan.cursor;
    log.record(now, plan.requests);
    for (const s of plan.symbols) refreshedAt.set(s, now);
    if (plan.symbols.length) sent.push({ at: now, symbols: plan.symbols });
  }
  return { sent, start };
}

describe("refresh planner", () => {
  it("700 instruments at 8 a minute: never over budget in any minute, alerted ones first", () => {
    const alerted = new Set(["S650", "S699", "S123"]);
    const watched = new Set(["S500"]);
    const { sent, start } = simulate({
      minutes: 120,
      tickMs: 15_000,
      budget: { perMinute: 8, perDay: 800 },
      alerted,
      watched,
    });
    // Every sliding minute holds at most 8 requests.
    const times = sent.flatMap((s) => s.symbols.map(() => s.at));
    for (const t of times)
      expect(times.filter((u) => u > t - MINUTE && u <= t).length).toBeLessThanOrEqual(8);
    // The first requests go to the alerted instruments, then the watched one, then the rest in order.
    const order = sent.flatMap((s) => s.symbols);
    expect(order.slice(0, 3).sort()).toEqual([...alerted].sort());
    expect(order[3]).toBe("S500");
    expect(order.slice(4, 8)).toEqual(["S000", "S001", "S002", "S003"]);
    // Alerted instruments are refreshed every round; the rest take turns (round-robin, no repeats).
    const rest = order.filter((s) => !alerted.has(s) && s !== "S500");
    expect(new Set(rest.slice(0, 690)).size).toBe(rest.slice(0, 690).length);
    const refreshesOf = (s: string) => order.filter((o) => o === s).length;
    // Once a minute each while the day budget lasts (800 requests: 100 minutes).
    expect(refreshesOf("S650")).toBe(100);
    expect(refreshesOf("S001")).toBeLessThanOrEqual(2);
    expect(times.every((t) => t >= start)).toBe(true);
    expect(times.length).toBeLessThanOrEqual(8 * 120);
  });

  it("keeps within the daily budget", () => {
    const { sent } = simulate({ minutes: 24 * 60, tickMs: 60_000, budget: { perMinute: 8, perDay: 800 } });
    expect(sent.reduce((n, s) => n + s.symbols.length, 0)).toBe(800);
  });

  it("a batch source covers many instruments per request", () => {
    const { sent } = simulate({
      minutes: 1,
      tickMs: 15_000,
      budget: { perMinute: 2, perDay: 100 },
      batchSize: 50,
    });
    expect(sent.length).toBe(1);
    expect(sent[0]!.symbols).toHaveLength(100);
  });

  it("skips instruments refreshed within the tick interval", () => {
    const plan = planRefresh({
      now: 10_000,
      candidates: ["A", "B"],
      alerted: new Set(["A"]),
      watched: new Set(),
      refreshedAt: new Map([["A", 5_000]]),
      minAgeMs: 15_000,
      requests: 5,
      batchSize: 1,
      cursor: 0,
    });
    expect(plan.symbols).toEqual(["B"]);
  });
});
