/**
 * Shared reads across processes: two full service instances on one database (on PostgreSQL each
 * with its own pool and LISTEN connection, as two app processes have; on PGlite both on the one
 * embedded database). A page read on one instance is served from memory until a change is
 * announced on the other, and then read again everywhere.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { type Database, openPostgres } from "../db/client";
import { brokers } from "../db/schema";
import { createLogger } from "../logger";
import { createServices, type Services } from "../services";
import { signUpVerified } from "../testing/fixtures";
import { createPostgresTestDatabase, isPostgresRun } from "../testing/test-db";
import { createTestServices } from "../testing/test-services";

let dropDatabase = async () => {};
let databaseUrl = "";
let a: Services;
let b: Services;
let editor = { id: "", email: "editor@example.com" };

const config = () =>
  loadConfig({
    NODE_ENV: "test",
    AUTH_SECRET: "test-secret-test-secret-test-secret-123",
    JOBS_ENABLED: "false",
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://localhost:3000",
  });

/** The second instance's handle on the first one's database. */
async function secondHandle(first: Services): Promise<Database> {
  if (!isPostgresRun()) return { ...first.database, close: async () => {} };
  return openPostgres(databaseUrl, 4);
}

beforeAll(async () => {
  if (isPostgresRun()) {
    const created = await createPostgresTestDatabase("gulfpulse_shared_reads");
    dropDatabase = created.drop;
    databaseUrl = created.url;
    a = await createServices(config(), createLogger("silent"), await openPostgres(created.url, 4));
  } else {
    a = await createTestServices();
  }
  b = await createServices(config(), createLogger("silent"), await secondHandle(a));
  editor = { ...editor, id: await signUpVerified(a, editor.email, "Editor") };
});

afterAll(async () => {
  await b?.close();
  await a?.close();
  if (isPostgresRun()) {
    await dropDatabase();
  }
});

const brokerNames = async (s: Services) => (await s.shared.home()).brokers.map((x) => x.name);

/** A published broker written straight to the table: nobody announces it. */
async function silentBroker(s: Services, name: string) {
  await s.db.insert(brokers).values({
    name,
    slug: name.toLowerCase().replace(/\W+/g, "-"),
    rating: 4.5,
    regulators: [],
    minDeposit: "$0",
    spread: "0",
    features: [],
    sortOrder: 0,
    published: true,
  });
}

describe("shared reads across two instances on one database", () => {
  it("serve the home page's brokers from memory until an admin edit on the other instance announces a change", async () => {
    const before = await brokerNames(b);
    expect(await brokerNames(a)).toEqual(before);
    // A write nobody announces is not seen: the copy is served from memory, not read again.
    await silentBroker(a, "AAA Silent Broker");
    expect(await brokerNames(b)).toEqual(before);
    expect(await brokerNames(a)).toEqual(before);

    // An admin edit on instance a announces content changes; b reads again.
    const saved = await a.admin.run(editor, {
      intent: "saveContent",
      entity: "brokers",
      name: "AAB Announced Broker",
      rating: "4",
      minDeposit: "$100",
      spread: "0.1",
      sortOrder: "0",
      published: "on",
    });
    expect(saved.ok).toBe(true);
    await expect.poll(() => brokerNames(b), { timeout: 5_000 }).toContain("AAB Announced Broker");
    expect(await brokerNames(b)).toContain("AAA Silent Broker");
    expect(await brokerNames(a)).toContain("AAB Announced Broker");
  });

  it("read search results again everywhere when content changes, and keep them otherwise", async () => {
    const query = "Zanzibar";
    expect((await b.shared.search(query)).results).toEqual([]);
    await a.db.update(brokers).set({ name: "Zanzibar Markets" }).where(eq(brokers.slug, "aaa-silent-broker"));
    expect((await b.shared.search(query)).results).toEqual([]);
    await a.shared.home(); // a page read on a does not drop b's copy
    expect((await b.shared.search(query)).results).toEqual([]);
    const saved = await a.admin.run(editor, {
      intent: "saveContent",
      entity: "brokers",
      name: "Zanzibar Brokerage",
      rating: "3",
      minDeposit: "$1",
      spread: "1",
      published: "on",
    });
    expect(saved.ok).toBe(true);
    await expect
      .poll(async () => (await b.shared.search(query)).results.length, { timeout: 5_000 })
      .toBeGreaterThan(0);
  });
});
