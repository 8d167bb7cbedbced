import { afterAll, beforeAll, expect, it } from "vitest";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";

let s: Services;
beforeAll(async () => {
  s = await createTestServices();
});
afterAll(() => s.close());

it("delivers published messages to subscribers of the topic only, through LISTEN/NOTIFY", async () => {
  const got: unknown[] = [];
  const other: unknown[] = [];
  const off = s.bus.subscribe("test:a", (d) => got.push(d));
  s.bus.subscribe("test:b", (d) => other.push(d));
  await s.bus.publish("test:a", { n: 1 });
  await s.bus.publish("test:a", { n: 2 });
  await expect.poll(() => got.length).toBe(2);
  expect(got).toEqual([{ n: 1 }, { n: 2 }]);
  expect(other).toEqual([]);
  off();
  await s.bus.publish("test:a", { n: 3 });
  await new Promise((r) => setTimeout(r, 100));
  expect(got).toHaveLength(2);
});
