import { describe, expect, it } from "vitest";
import { AlertIndex, type ArmedAlert, conditionHolds, crosses } from "./alert-index";

let n = 0;
const alert = (a: Partial<ArmedAlert> & Pick<ArmedAlert, "alertType" | "targetValue">): ArmedAlert => ({
  id: `a${++n}`,
  symbol: "TASI",
  currentValue: null,
  ...a,
});
const ids = (c: Array<{ alert: ArmedAlert }>) => c.map((x) => x.alert.id).sort();
const tick = (index: AlertIndex, price: number, symbol = "TASI", now = Date.now()) =>
  index.collect([{ symbol, price }], now);

describe("AlertIndex (thresholds sorted per symbol)", () => {
  it("above fires at price >= target, not before", () => {
    const index = new AlertIndex();
    const a = alert({ alertType: "above", targetValue: 100 });
    index.add(a);
    expect(tick(index, 99.999999)).toEqual([]);
    expect(ids(tick(index, 100))).toEqual([a.id]);
    expect(index.size).toBe(0);
    expect(tick(index, 200)).toEqual([]);
  });

  it("below fires at price <= target, not before", () => {
    const index = new AlertIndex();
    const a = alert({ alertType: "below", targetValue: 50 });
    index.add(a);
    expect(tick(index, 50.000001)).toEqual([]);
    expect(ids(tick(index, 50))).toEqual([a.id]);
  });

  it("change % fires on a move either way by at least the percentage from the base", () => {
    const index = new AlertIndex();
    const up = alert({ alertType: "change_percent", targetValue: 5, currentValue: 200 });
    const down = alert({ alertType: "change_percent", targetValue: 5, currentValue: 200 });
    index.add(up);
    index.add(down);
    expect(tick(index, 209.99)).toEqual([]);
    expect(tick(index, 190.01)).toEqual([]);
    // |210 - 200| / 200 × 100 = 5 exactly: both fire; each only once.
    expect(ids(tick(index, 210))).toEqual([up.id, down.id].sort());
    expect(index.size).toBe(0);
    expect(tick(index, 150)).toEqual([]);
  });

  it("change % fires downwards and removes the alert's other threshold", () => {
    const index = new AlertIndex();
    const a = alert({ alertType: "change_percent", targetValue: 10, currentValue: 1.1 });
    index.add(a);
    expect(tick(index, 1.0)).toEqual([]); // 9.09 %
    expect(ids(tick(index, 0.99))).toEqual([a.id]); // 10 % (floating point: 0.99 vs 1.1 × 0.9)
    expect(tick(index, 2)).toEqual([]);
  });

  it("agrees with the spec's formula at awkward decimals", () => {
    const index = new AlertIndex();
    const cases = [
      { base: 3.6725, pct: 0.1, price: 3.6725 * 1.001 },
      { base: 0.1, pct: 30, price: 0.13 },
      { base: 0.3, pct: 10, price: 0.27 },
      { base: 1.1, pct: 10, price: 1.21 },
    ];
    for (const c of cases) {
      const a = alert({ alertType: "change_percent", targetValue: c.pct, currentValue: c.base, symbol: "X" });
      index.add(a);
      const fired = tick(index, c.price, "X").length === 1;
      expect(fired).toBe(
        conditionHolds({ alertType: "change_percent", targetValue: c.pct, currentValue: c.base }, c.price),
      );
      index.remove(a.id);
    }
  });

  it("only visits alerts that fire: sorted ladders keep the rest in place", () => {
    const index = new AlertIndex();
    for (let i = 1; i <= 1000; i++) index.add(alert({ alertType: "above", targetValue: i }));
    for (let i = 1; i <= 1000; i++) index.add(alert({ alertType: "below", targetValue: i }));
    expect(tick(index, 10.5)).toHaveLength(10 + 990);
    expect(index.size).toBe(1000);
    expect(tick(index, 10.5)).toEqual([]);
    expect(tick(index, 12)).toHaveLength(2);
  });

  it("bulk load sorts once and behaves like inserts", () => {
    const a = new AlertIndex();
    const b = new AlertIndex();
    const list: ArmedAlert[] = [];
    for (let i = 0; i < 200; i++) {
      const t = ["above", "below", "change_percent"][i % 3] as ArmedAlert["alertType"];
      list.push(
        alert({
          alertType: t,
          targetValue: t === "change_percent" ? 1 + (i % 7) : 90 + ((i * 37) % 21),
          currentValue: 100,
        }),
      );
    }
    for (const x of list) a.add(x);
    b.load(list);
    b.finishLoad();
    for (const price of [101, 99, 104, 95, 110, 80]) {
      expect(ids(tick(a, price))).toEqual(ids(tick(b, price)));
    }
  });

  it("remove and re-add (toggle, delete, re-arm) keep the index exact", () => {
    const index = new AlertIndex();
    const a = alert({ alertType: "above", targetValue: 10 });
    const twin = alert({ alertType: "above", targetValue: 10 });
    const c = alert({ alertType: "change_percent", targetValue: 1, currentValue: 10 });
    index.add(a);
    index.add(twin);
    index.add(c);
    expect(index.remove(a.id)).toBe(true);
    expect(index.remove(a.id)).toBe(false);
    index.remove(c.id);
    expect(ids(tick(index, 11))).toEqual([twin.id]);
    index.add(a);
    index.add(a); // the same event twice (local and from the bus) indexes it once
    expect(index.size).toBe(1);
    expect(ids(tick(index, 11))).toEqual([a.id]);
  });

  it("ignores other symbols and alerts that cannot fire", () => {
    const index = new AlertIndex();
    index.add(alert({ alertType: "above", targetValue: 1, symbol: "BTC" }));
    index.add(alert({ alertType: "change_percent", targetValue: 5, currentValue: null }));
    expect(tick(index, 1000)).toEqual([]);
    expect(index.size).toBe(1);
  });

  it("a gap move fires many change % alerts at once and clears their twins", () => {
    const index = new AlertIndex();
    const list = Array.from({ length: 50 }, (_, i) =>
      alert({ alertType: "change_percent", targetValue: 1 + i / 10, currentValue: 100 }),
    );
    for (const x of list) index.add(x);
    expect(tick(index, 120)).toHaveLength(50);
    expect(tick(index, 50)).toEqual([]);
    expect(index.size).toBe(0);
  });

  it("a replaced alert's old thresholds are dead: they never fire", () => {
    const index = new AlertIndex();
    const a = alert({ alertType: "change_percent", targetValue: 10, currentValue: 100 });
    index.add(a);
    index.add({ ...a, currentValue: 120 }); // re-armed from a new base: bands 108 and 132
    expect(tick(index, 110)).toEqual([]); // the old upper band (110) is gone
    expect(ids(tick(index, 108))).toEqual([a.id]);
    expect(index.size).toBe(0);
  });

  it("compacts a book once removed alerts outnumber the live ones", () => {
    const index = new AlertIndex();
    const list = Array.from({ length: 3000 }, (_, i) => alert({ alertType: "above", targetValue: 1 + i }));
    index.load(list);
    index.finishLoad();
    for (const a of list.slice(0, 2000)) index.remove(a.id);
    const book = (index as unknown as { books: Map<string, { above: { at: number[] } }> }).books.get("TASI")!;
    // It compacted when the 1,500th removal made dead entries half the book.
    expect(book.above.at.length).toBe(1500);
    expect(tick(index, 2500)).toHaveLength(500);
    expect(index.size).toBe(500);
  });

  it("crossing up fires on the tick that crosses the target, not while the price stays above", () => {
    const index = new AlertIndex();
    const a = alert({ alertType: "crossing_up", targetValue: 100 });
    index.add(a);
    expect(tick(index, 99)).toEqual([]); // the first price seen: nothing to cross from
    expect(tick(index, 99.5)).toEqual([]);
    expect(ids(tick(index, 100))).toEqual([a.id]); // 99.5 < 100 <= 100
    index.add(a); // an "every" alert back after its cooldown
    expect(tick(index, 101)).toEqual([]); // stays above: no new crossing
    expect(tick(index, 98)).toEqual([]); // crossing back down is not its direction
    expect(ids(tick(index, 100.5))).toEqual([a.id]); // crosses again
  });

  it("crossing down mirrors it; an alert made beyond its target waits for a real crossing", () => {
    const index = new AlertIndex();
    tick(index, 90);
    const a = alert({ alertType: "crossing_down", targetValue: 100 });
    index.add(a); // the price (90) is already below 100
    expect(tick(index, 89)).toEqual([]);
    expect(tick(index, 100)).toEqual([]); // back up to the target: not a downward crossing
    expect(tick(index, 105)).toEqual([]);
    expect(ids(tick(index, 100))).toEqual([a.id]); // 105 > 100 >= 100
  });

  it("a crossing takes only the thresholds between the previous and the new price", () => {
    const index = new AlertIndex();
    const list = Array.from({ length: 100 }, (_, i) =>
      alert({ alertType: "crossing_up", targetValue: 1 + i }),
    );
    for (const x of list) index.add(x);
    tick(index, 10.5);
    // 10.5 -> 20: targets 11..20 fire, 1..10 (already below the previous price) do not.
    expect(ids(tick(index, 20))).toEqual(
      list
        .slice(10, 20)
        .map((x) => x.id)
        .sort(),
    );
    expect(tick(index, 5)).toEqual([]);
    // 5 -> 22 crosses 6..10 (left behind on the first move) and 21, 22.
    expect(ids(tick(index, 22))).toEqual(
      [...list.slice(5, 10), ...list.slice(20, 22)].map((x) => x.id).sort(),
    );
    expect(index.size).toBe(83);
    for (let p = 1; p <= 40; p += 0.7) {
      for (const x of list)
        expect(crosses(x, p, p + 0.7)).toBe(x.targetValue > p && x.targetValue <= p + 0.7);
    }
  });

  it("move within a window compares with the price the window's length ago", () => {
    const index = new AlertIndex();
    const t0 = Date.parse("2026-11-24T10:00:00Z");
    const m = (minutes: number) => t0 + minutes * 60_000;
    const fiveMin = alert({ alertType: "move_window", targetValue: 2, windowMinutes: 5 });
    const hour = alert({ alertType: "move_window", targetValue: 3, windowMinutes: 60 });
    index.add(fiveMin);
    index.add(hour);
    expect(tick(index, 100, "TASI", m(0))).toEqual([]);
    expect(tick(index, 101, "TASI", m(3))).toEqual([]); // +1 %
    // 10 minutes in: 5 minutes ago the price was 101; 101 -> 103 is +1.98 %.
    expect(tick(index, 101, "TASI", m(5))).toEqual([]);
    expect(tick(index, 102.9, "TASI", m(10))).toEqual([]);
    const fired = tick(index, 103.1, "TASI", m(10.2)); // +2.08 % on 5 min, +3.1 % on the hour
    expect(ids(fired)).toEqual([fiveMin.id, hour.id].sort());
    expect(fired.find((c) => c.alert.id === fiveMin.id)?.base).toBe(101);
    expect(fired.find((c) => c.alert.id === hour.id)?.base).toBe(100);
  });

  it("a move window alert fires on a fall too, and the percentage ladder fires only what was reached", () => {
    const index = new AlertIndex();
    const t0 = Date.parse("2026-11-24T10:00:00Z");
    const small = alert({ alertType: "move_window", targetValue: 1, windowMinutes: 1440 });
    const large = alert({ alertType: "move_window", targetValue: 10, windowMinutes: 1440 });
    index.add(small);
    index.add(large);
    index.history.backfill("TASI", [
      { time: t0 - 86_400_000, price: 200 },
      { time: t0 - 3_600_000, price: 199 },
    ]);
    expect(ids(tick(index, 197, "TASI", t0))).toEqual([small.id]); // -1.5 % against 200 a day ago
    expect(index.has(large.id)).toBe(true);
  });

  it("a resting alert (after a daily or every trigger) is off the ladders until it wakes", () => {
    const index = new AlertIndex();
    const t0 = Date.parse("2026-11-24T10:00:00Z");
    const a = alert({ alertType: "above", targetValue: 10, frequency: "every", cooldownSeconds: 60 });
    index.add(a);
    expect(ids(tick(index, 11, "TASI", t0))).toEqual([a.id]);
    index.add({ ...a, wakeAt: t0 + 60_000 });
    expect(index.has(a.id)).toBe(true);
    expect(tick(index, 12, "TASI", t0 + 59_999)).toEqual([]);
    expect(ids(tick(index, 12, "TASI", t0 + 60_000))).toEqual([a.id]);
    // Removing a resting alert leaves nothing to wake.
    index.add({ ...a, wakeAt: t0 + 120_000 });
    index.remove(a.id);
    expect(tick(index, 13, "TASI", t0 + 200_000)).toEqual([]);
  });

  it("an alert past its expiry never fires; it is reported for marking Expired", () => {
    const index = new AlertIndex();
    const t0 = Date.parse("2026-11-24T10:00:00Z");
    const a = alert({ alertType: "above", targetValue: 10, expiresAt: t0 });
    const b = alert({ alertType: "above", targetValue: 10, expiresAt: t0 + 1 });
    index.add(a);
    index.add(b);
    expect(ids(tick(index, 11, "TASI", t0))).toEqual([b.id]);
    expect(index.takeExpired()).toEqual([a.id]);
    expect(index.takeExpired()).toEqual([]);
    expect(index.size).toBe(0);
  });
});
