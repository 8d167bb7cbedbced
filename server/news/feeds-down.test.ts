/**
 * Fault test: every RSS feed fails at once — errors, resets, HTML instead of XML. The
 * news the site shows is never emptied; each feed records its status and error and backs off,
 * doubling, so a dead source is not hammered; the poll job keeps running.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { newsFeeds } from "../db/schema";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";
import { seedNewsFeeds } from "./seed";

let s: Services;
let server: http.Server;
let hits = 0;

beforeAll(async () => {
  // Each feed fails its own way, chosen by its path.
  server = http.createServer((req, res) => {
    hits++;
    const n = Number(req.url!.split("/").pop()) % 3;
    if (n === 0) return void res.writeHead(503, { "Content-Type": "text/plain" }).end("Service Unavailable");
    if (n === 1) return void req.socket.destroy();
    res.writeHead(200, { "Content-Type": "text/html" }).end("<html><body>Maintenance</body></html>");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  s = await createTestServices({ FEEDS_ALLOW_PRIVATE: "true", RSS_POLL_MINUTES: "1" });
  await seedNewsFeeds(s);
}, 60_000);
afterAll(async () => {
  await s?.close();
  await new Promise((r) => server.close(r));
});

const feeds = () => s.db.select().from(newsFeeds).orderBy(newsFeeds.url);

it("keeps every story when all feeds fail, records each failure and backs off, doubling", async () => {
  const before = (await s.news.latest({ limit: 200 })).map((i) => i.id);
  expect(before.length).toBeGreaterThan(10);
  const { port } = server.address() as AddressInfo;
  await s.db.execute(sql`
    update ${newsFeeds} set url = ${`http://127.0.0.1:${port}/feed/`} || n, next_fetch_at = now(), failure_count = 0
    from (select id, row_number() over (order by url) as n from ${newsFeeds}) numbered
    where numbered.id = ${newsFeeds.id}`);
  const count = (await feeds()).length;

  const t1 = Date.now();
  await s.jobs.runNow("rss-poll");
  expect(hits).toBe(count);
  for (const f of await feeds()) {
    expect(f.lastStatus, f.url).toBe("error");
    expect(f.lastError, f.url).toMatch(/\S/);
    expect(f.failureCount).toBe(1);
    expect(f.nextFetchAt.getTime() - t1).toBeGreaterThanOrEqual(60_000 - 1_000);
  }
  // The job itself stays healthy: a dead source is the feed's status, not a crash.
  expect(s.jobs.status().find((j) => j.name === "rss-poll")?.lastError).toBeNull();

  // Not due yet: nothing is fetched again.
  await s.jobs.runNow("rss-poll");
  expect(hits).toBe(count);

  // Due again and failing again: the wait doubles.
  await s.db.update(newsFeeds).set({ nextFetchAt: new Date(0) });
  const t2 = Date.now();
  await s.jobs.runNow("rss-poll");
  expect(hits).toBe(2 * count);
  for (const f of await feeds()) {
    expect(f.failureCount).toBe(2);
    expect(f.nextFetchAt.getTime() - t2).toBeGreaterThanOrEqual(2 * 60_000 - 1_000);
  }

  const after = (await s.news.latest({ limit: 200 })).map((i) => i.id);
  expect(after).toEqual(before);
}, 60_000);
