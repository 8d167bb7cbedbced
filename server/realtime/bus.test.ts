import { afterAll, beforeAll, expect, it } from "vitest";
import { siteSettings } from "../db/schema";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";
import type { Bus } from "./bus";

/** Topics of this test only: the site's bus, seen through a map of its own. */
type TestTopics = { "test:a": { n: number }; "test:b": { n: number }; "test:after": { ok: boolean } };

let s: Services;
let bus: Bus<TestTopics>;
beforeAll(async () => {
  s = await createTestServices();
  bus = s.bus as unknown as Bus<TestTopics>;
});
afterAll(() => s.close());

it("delivers published messages to subscribers of the topic only, through LISTEN/NOTIFY", async () => {
  const got: unknown[] = [];
  const other: unknown[] = [];
  const off = bus.subscribe("test:a", (d) => got.push(d));
  bus.subscribe("test:b", (d) => other.push(d));
  await bus.publish("test:a", { n: 1 });
  await bus.publish("test:a", { n: 2 });
  await expect.poll(() => got.length).toBe(2);
  expect(got).toEqual([{ n: 1 }, { n: 2 }]);
  expect(other).toEqual([]);
  off();
  await bus.publish("test:a", { n: 3 });
  await new Promise((r) => setTimeout(r, 100));
  expect(got).toHaveLength(2);
});

it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
  "listens again after its connection is killed, and has settings re-read what was missed meanwhile",
  async () => {
    let reconnects = 0;
    s.bus.onReconnect(() => reconnects++);
    // The server ends the listening session (as a failover or an administrator would)...
    await s.database.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'",
    );
    // ...and another process changes a setting; its notification reaches no one here.
    await s.db
      .insert(siteSettings)
      .values({ key: "busTest", value: "changed" })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: "changed" } });
    await expect.poll(() => reconnects, { timeout: 5_000 }).toBe(1);
    await expect.poll(() => s.settings.get("busTest", "initial"), { timeout: 5_000 }).toBe("changed");
    const got: unknown[] = [];
    bus.subscribe("test:after", (d) => got.push(d));
    await bus.publish("test:after", { ok: true });
    await expect.poll(() => got).toEqual([{ ok: true }]);
  },
);
