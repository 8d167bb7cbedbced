import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { rateLimits } from "../db/schema";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";
import { createRateLimiter } from "./limiter";

let s: Services;
beforeAll(async () => {
  s = await createTestServices();
});
afterAll(() => s.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it("allows a burst of `limit` hits, refuses the next without counting it, and refills one per interval", async () => {
  const limiter = createRateLimiter(s.db, { name: "t-burst", limit: 3, windowMs: 900 });
  expect([await limiter.hit("k"), await limiter.hit("k"), await limiter.hit("k")]).toEqual([
    true,
    true,
    true,
  ]);
  expect(await limiter.hit("k")).toBe(false);
  expect(await limiter.hit("k")).toBe(false);
  // Another key and another limiter with the same key have their own allowance.
  expect(await limiter.hit("other")).toBe(true);
  expect(await createRateLimiter(s.db, { name: "t-burst-2", limit: 1, windowMs: 900 }).hit("k")).toBe(true);
  // One emission interval (300 ms) later there is room for exactly one more.
  await sleep(350);
  expect(await limiter.hit("k")).toBe(true);
  expect(await limiter.hit("k")).toBe(false);
});

it("holds the limit for concurrent hits from separate limiter instances (as from several processes)", async () => {
  const processes = [1, 2, 3].map(() =>
    createRateLimiter(s.db, { name: "t-shared", limit: 5, windowMs: 60_000 }),
  );
  const results = await Promise.all(Array.from({ length: 30 }, (_, i) => processes[i % 3]!.hit("1.2.3.4")));
  expect(results.filter(Boolean)).toHaveLength(5);
});

it("the sweep job deletes spent keys only", async () => {
  const limiter = createRateLimiter(s.db, { name: "t-sweep", limit: 10, windowMs: 60_000 });
  await limiter.hit("live");
  await s.db.insert(rateLimits).values({ key: "t-sweep:spent", tat: sql`now() - interval '1 second'` });
  await s.jobs.runNow("rate-limit-sweep");
  const keys = (await s.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
  expect(keys).toContain("t-sweep:live");
  expect(keys).not.toContain("t-sweep:spent");
});

it("hitMany gives each key all of its hits or none, counted as single hits would be", async () => {
  const limiter = createRateLimiter(s.db, { name: "t-many", limit: 5, windowMs: 60_000 });
  expect(
    await limiter.hitMany(
      new Map([
        ["a", 3],
        ["b", 6],
      ]),
    ),
  ).toEqual(new Set(["a"]));
  // a has 2 of its 5 left; b, refused as a whole, still has all 5.
  expect([await limiter.hit("a"), await limiter.hit("a"), await limiter.hit("a")]).toEqual([
    true,
    true,
    false,
  ]);
  expect(await limiter.hitMany(new Map([["b", 5]]))).toEqual(new Set(["b"]));
  expect(await limiter.hit("b")).toBe(false);
  expect(
    await limiter.hitMany(
      new Map([
        ["a", 1],
        ["c", 1],
      ]),
    ),
  ).toEqual(new Set(["c"]));
});
