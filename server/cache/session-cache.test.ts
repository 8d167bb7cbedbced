import { describe, expect, it } from "vitest";
import { createSessionCache } from "./session-cache";

function cache(opts: { ttlMs?: number; maxEntries?: number } = {}) {
  let t = 1_000;
  const c = createSessionCache<string>({
    ttlMs: opts.ttlMs ?? 60_000,
    maxEntries: opts.maxEntries ?? 100,
    now: () => t,
  });
  return { c, advance: (ms: number) => (t += ms) };
}

describe("session cache", () => {
  it("keeps what was stored until the user is dropped, then every entry of that user goes", () => {
    const { c } = cache();
    c.set("token-a1", "a", "A on phone", c.begin());
    c.set("token-a2", "a", "A on laptop", c.begin());
    c.set("token-b", "b", "B", c.begin());
    expect(c.get("token-a1")).toBe("A on phone");
    c.dropUser("a");
    expect(c.get("token-a1")).toBeUndefined();
    expect(c.get("token-a2")).toBeUndefined();
    expect(c.get("token-b")).toBe("B");
  });

  it("does not store a read that began before a drop (it may predate the change)", () => {
    const { c } = cache();
    const generation = c.begin();
    c.dropUser("someone");
    expect(c.set("token", "a", "read before the change", generation)).toBe(false);
    expect(c.get("token")).toBeUndefined();
    expect(c.set("token", "a", "read after it", c.begin())).toBe(true);
  });

  it("clear() empties everything and also refuses reads begun before it", () => {
    const { c } = cache();
    c.set("token", "a", "A", c.begin());
    const generation = c.begin();
    c.clear();
    expect(c.get("token")).toBeUndefined();
    expect(c.set("token", "a", "A", generation)).toBe(false);
  });

  it("forgets an entry after the TTL, or sooner when the session itself ends", () => {
    const { c, advance } = cache({ ttlMs: 10_000 });
    c.set("long", "a", "A", c.begin());
    c.set("short", "b", "B", c.begin(), 1_000 + 2_000);
    advance(2_500);
    expect(c.get("short")).toBeUndefined();
    expect(c.get("long")).toBe("A");
    advance(8_000);
    expect(c.get("long")).toBeUndefined();
    expect(c.set("ended", "c", "C", c.begin(), 500)).toBe(false);
  });

  it("drops the oldest entries past its size", () => {
    const { c } = cache({ maxEntries: 2 });
    c.set("1", "a", "one", c.begin());
    c.set("2", "b", "two", c.begin());
    c.set("3", "c", "three", c.begin());
    expect(c.size()).toBe(2);
    expect(c.get("1")).toBeUndefined();
    expect(c.get("3")).toBe("three");
  });
});
