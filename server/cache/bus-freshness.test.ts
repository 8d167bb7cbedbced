import { describe, expect, it } from "vitest";
import { watchBusFreshness } from "./bus-freshness";

/** A bus whose delivery the test controls: messages wait in `queue` until delivered or lost. */
function controlledBus() {
  const handlers = new Map<string, Set<(d: unknown) => void>>();
  const queue: Array<{ topic: string; data: unknown }> = [];
  return {
    queue,
    async publish(topic: string, data: unknown) {
      queue.push({ topic, data });
    },
    subscribe(topic: string, fn: (d: any) => void) {
      if (!handlers.has(topic)) handlers.set(topic, new Set());
      handlers.get(topic)!.add(fn);
      return () => handlers.get(topic)!.delete(fn);
    },
    deliver() {
      for (const m of queue.splice(0)) for (const fn of handlers.get(m.topic) ?? []) fn(m.data);
    },
    lose: () => void queue.splice(0),
  };
}

describe("bus freshness", () => {
  it("in-process (PGlite) it is always fresh and publishes nothing", () => {
    const bus = controlledBus();
    const f = watchBusFreshness({ bus, inProcess: true });
    expect(f.isFresh()).toBe(true);
    expect(bus.queue).toEqual([]);
    f.stop();
  });

  it("is fresh only while a heartbeat sent within the window has come back", () => {
    const bus = controlledBus();
    let t = 0;
    const stale: number[] = [];
    const f = watchBusFreshness({
      bus,
      inProcess: false,
      intervalMs: 60_000,
      windowMs: 750,
      now: () => t,
      onStale: () => stale.push(t),
    });
    // Just joined: nothing heard yet, so nothing is trusted.
    expect(f.isFresh()).toBe(false);
    bus.deliver();
    expect(f.isFresh()).toBe(true);
    t = 700;
    expect(f.isFresh()).toBe(true);
    t = 800;
    expect(f.isFresh()).toBe(false);
    expect(stale).toEqual([800]);
    f.stop();
  });

  it("a heartbeat that was lost (connection down) leaves it stale; one heard later makes it fresh", async () => {
    const bus = controlledBus();
    let t = 0;
    const f = watchBusFreshness({ bus, inProcess: false, intervalMs: 20, windowMs: 750, now: () => t });
    bus.deliver();
    expect(f.isFresh()).toBe(true);
    t = 1_000;
    await new Promise((r) => setTimeout(r, 60));
    bus.lose();
    expect(f.isFresh()).toBe(false);
    await new Promise((r) => setTimeout(r, 60));
    bus.deliver();
    expect(f.isFresh()).toBe(true);
    f.stop();
  });

  it("ignores other processes' heartbeats", () => {
    const bus = controlledBus();
    const f = watchBusFreshness({ bus, inProcess: false, intervalMs: 60_000, now: () => 0 });
    bus.lose();
    bus.queue.push({ topic: "auth:heartbeat", data: { p: "another-process", n: 1 } });
    bus.deliver();
    expect(f.isFresh()).toBe(false);
    f.stop();
  });
});
