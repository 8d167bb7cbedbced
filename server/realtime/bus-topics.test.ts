import { describe, expect, expectTypeOf, it } from "vitest";
import type { Bus } from "./bus";
import type { AlertNotifications, BusTopics } from "./bus-topics";

/**
 * The bus is typed by its topic map: these cases are checked by `npm run typecheck` (tsc reads
 * test files too). A `@ts-expect-error` line that stops being an error fails the type check, so a
 * bus that accepts any payload again is caught there.
 */
function misuses(bus: Bus) {
  // @ts-expect-error: a market tick is a MarketWire, not a bare price
  void bus.publish("market:tick", { price: 1 });
  // @ts-expect-error: a read mark names its user
  void bus.publish("alerts:read", { all: true });
  // @ts-expect-error: no such topic
  void bus.publish("alerts:fired", {});
  // @ts-expect-error: the subscriber's payload is the topic's own (a symbol is text)
  bus.subscribe("market:watch", (m: { s: number }) => m.s);
}

describe("bus topics", () => {
  it("types a subscriber's payload by the topic's name", () => {
    const seen: AlertNotifications[] = [];
    const bus: Pick<Bus, "subscribe"> = {
      subscribe: (_topic, fn) => {
        (fn as (d: BusTopics["alerts:notify"]) => void)({ n: [] });
        return () => {};
      },
    };
    bus.subscribe("alerts:notify", (msg) => {
      expectTypeOf(msg).toEqualTypeOf<AlertNotifications>();
      seen.push(msg);
    });
    expect(seen).toEqual([{ n: [] }]);
    expect(typeof misuses).toBe("function");
  });
});
