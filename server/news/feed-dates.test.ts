// Feed dates are read the same whatever the server's time zone: this file runs in Riyadh time
// (UTC+3, no daylight saving), where reading a zone-less date as local time is 3 h off.
process.env.TZ = "Asia/Riyadh";

import http from "node:http";
import type { AddressInfo } from "node:net";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsFeeds, newsItems } from "../db/schema";
import { createLogger } from "../logger";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";
import { type FeedRow, pollFeed } from "./ingest";
import { parseFeedDate } from "./normalize";

let s: Services;
let server: http.Server;
let base = "";
const documents: Record<string, string> = {};

beforeAll(async () => {
  s = await createTestServices();
  server = http.createServer((req, res) => {
    const body = documents[req.url ?? ""];
    if (body === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { "Content-Type": "application/rss+xml; charset=utf-8" }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await s.close();
});

let n = 0;
async function serve(xml: string): Promise<FeedRow> {
  const path = `/feed-${++n}.xml`;
  documents[path] = xml;
  const [row] = await s.db
    .insert(newsFeeds)
    .values({ url: base + path, name: `Feed ${n}`, category: "markets" })
    .returning();
  return row!;
}
async function poll(feed: FeedRow, now: Date) {
  const fresh = (await s.db.select().from(newsFeeds).where(eq(newsFeeds.id, feed.id)))[0]!;
  return pollFeed(
    { db: s.db, log: createLogger("silent"), pollIntervalMs: 60_000, allowPrivateAddresses: true },
    fresh,
    { now },
  );
}
const itemsOf = (feedId: string) =>
  s.db.select().from(newsItems).where(eq(newsItems.feedId, feedId)).orderBy(desc(newsItems.pubDate));
const rss = (items: string, siteLink = "https://bulletins.example/") =>
  `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>T</title><link>${siteLink}</link>${items}</channel></rss>`;

it("runs in a time zone other than UTC", () => {
  expect(new Date(2026, 10, 21).getTimezoneOffset()).toBe(-180);
});

describe("feed dates", () => {
  it("a date without a zone is UTC whatever the server's zone", () => {
    expect(parseFeedDate("Sat, 21 Nov 2026 10:00:00")?.toISOString()).toBe("2026-11-21T10:00:00.000Z");
    expect(parseFeedDate("2026-11-21T10:00:00")?.toISOString()).toBe("2026-11-21T10:00:00.000Z");
    expect(parseFeedDate("21 Nov 2026")?.toISOString()).toBe("2026-11-21T00:00:00.000Z");
    expect(parseFeedDate("2026-11-21")?.toISOString()).toBe("2026-11-21T00:00:00.000Z");
  });

  it("keeps the zone a date names", () => {
    expect(parseFeedDate("Sat, 21 Nov 2026 10:00:00 +0300")?.toISOString()).toBe("2026-11-21T07:00:00.000Z");
    expect(parseFeedDate("2026-11-21T10:00:00+04:00")?.toISOString()).toBe("2026-11-21T06:00:00.000Z");
    expect(parseFeedDate("Sat, 21 Nov 2026 10:00:00 GMT")?.toISOString()).toBe("2026-11-21T10:00:00.000Z");
    expect(parseFeedDate("Sat, 21 Nov 2026 13:00:00 AST")?.toISOString()).toBe("2026-11-21T10:00:00.000Z");
  });

  it("a bare number or an unparseable text is an unknown date, not the year 2000", () => {
    for (const bad of ["0", "1", "20261121", "1732180000", "-5", "sometime last week", ""]) {
      expect(parseFeedDate(bad), bad).toBeNull();
    }
  });
});

describe("feed ingestion edge cases", () => {
  const now = new Date("2026-11-22T12:00:00Z");

  it("a zone-less pubDate is stored as UTC; a pubDate of 0 is unknown", async () => {
    const feed = await serve(
      rss(`<item><title>Zone-less</title><link>https://bulletins.example/a</link><pubDate>Sat, 21 Nov 2026 10:00:00</pubDate></item>
           <item><title>Zero</title><link>https://bulletins.example/b</link><pubDate>0</pubDate></item>`),
    );
    const report = await poll(feed, now);
    const byTitle = Object.fromEntries((await itemsOf(feed.id)).map((i) => [i.title, i]));
    expect(byTitle["Zone-less"]!.pubDate.toISOString()).toBe("2026-11-21T10:00:00.000Z");
    expect(byTitle["Zone-less"]!.dateUnknown).toBe(false);
    expect(byTitle.Zero!.dateUnknown).toBe(true);
    expect(byTitle.Zero!.pubDate.getUTCFullYear()).toBe(2026);
    expect(report.notes).toContainEqual({ title: "Zero", reason: "invalid date: used the fetch time" });
  });

  it("items without a date sort below the dated items of the same fetch, in the feed's order, flagged", async () => {
    const feed = await serve(
      rss(`<item><title>Undated one</title><link>https://bulletins.example/u1</link></item>
           <item><title>Dated new</title><link>https://bulletins.example/d1</link><pubDate>Sun, 22 Nov 2026 11:00:00 GMT</pubDate></item>
           <item><title>Undated two</title><link>https://bulletins.example/u2</link><pubDate>garbage</pubDate></item>
           <item><title>Dated old</title><link>https://bulletins.example/d2</link><pubDate>Sun, 22 Nov 2026 08:00:00 GMT</pubDate></item>`),
    );
    await poll(feed, now);
    const items = await itemsOf(feed.id);
    expect(items.map((i) => [i.title, i.dateUnknown])).toEqual([
      ["Dated new", false],
      ["Dated old", false],
      ["Undated one", true],
      ["Undated two", true],
    ]);
  });

  it("a fetch with no dated item places its items at the fetch time", async () => {
    const feed = await serve(
      rss(`<item><title>Only undated</title><link>https://bulletins.example/o</link></item>`),
    );
    await poll(feed, now);
    const [item] = await itemsOf(feed.id);
    expect(item!.dateUnknown).toBe(true);
    expect(now.getTime() - item!.pubDate.getTime()).toBeLessThan(1000);
    expect(item!.pubDate.getTime()).toBeLessThanOrEqual(now.getTime());
  });

  it("a relative item link resolves against the channel's <link>, not the feed's address", async () => {
    const feed = await serve(
      rss(
        `<item><title>Relative</title><link>/bulletins/2026/11/rates</link><pubDate>Sun, 22 Nov 2026 08:00:00 GMT</pubDate></item>
           <item><title>Dot relative</title><link>notes/1</link><pubDate>Sun, 22 Nov 2026 08:00:00 GMT</pubDate></item>`,
        "https://bulletins.example/section/",
      ),
    );
    await poll(feed, now);
    const links = Object.fromEntries((await itemsOf(feed.id)).map((i) => [i.title, i.link]));
    expect(links.Relative).toBe("https://bulletins.example/bulletins/2026/11/rates");
    expect(links["Dot relative"]).toBe("https://bulletins.example/section/notes/1");
  });

  it("a feed without a channel link resolves against its own address", async () => {
    const feed = await serve(
      `<?xml version="1.0"?><rss version="2.0"><channel><title>T</title><item><title>Own</title><link>/x/1</link></item></channel></rss>`,
    );
    await poll(feed, now);
    expect((await itemsOf(feed.id))[0]!.link).toBe(`${base}/x/1`);
  });

  it("two guid-less items with the same link are one story: the newer version wins, in one fetch and across fetches", async () => {
    const original = `<item><title>Banks lift rates</title><link>https://bulletins.example/story/9</link><pubDate>Sun, 22 Nov 2026 08:00:00 GMT</pubDate><description>First version.</description></item>`;
    const corrected = `<item><title>Banks lift rates (corrected)</title><link>https://bulletins.example/story/9?ref=rss</link><pubDate>Sun, 22 Nov 2026 09:30:00 GMT</pubDate><description>Corrected version.</description></item>`;
    // Both in one document, the older listed first.
    const feed = await serve(rss(original + corrected));
    const first = await poll(feed, now);
    expect(first.added).toHaveLength(1);
    let items = await itemsOf(feed.id);
    expect(items.map((i) => i.title)).toEqual(["Banks lift rates (corrected)"]);

    // Across fetches (another story): the original alone first, the correction later.
    const next = (x: string) => x.replaceAll("story/9", "story/10");
    const later = await serve(rss(next(original)));
    expect((await poll(later, now)).added).toHaveLength(1);
    documents[`/feed-${n}.xml`] = rss(next(corrected));
    await s.db.update(newsFeeds).set({ etag: null, lastModified: null }).where(eq(newsFeeds.id, later.id));
    const second = await poll(later, now);
    expect(second.added).toHaveLength(0);
    items = await itemsOf(later.id);
    expect(items.map((i) => [i.title, i.description, i.pubDate.toISOString()])).toEqual([
      ["Banks lift rates (corrected)", "Corrected version.", "2026-11-22T09:30:00.000Z"],
    ]);
    // An older copy arriving afterwards changes nothing.
    documents[`/feed-${n}.xml`] = rss(next(original));
    await poll(later, now);
    expect((await itemsOf(later.id)).map((i) => i.title)).toEqual(["Banks lift rates (corrected)"]);
  });

  it("a story stored under the older link+title key is not stored again", async () => {
    const item = `<item><title>Old key story</title><link>https://bulletins.example/legacy</link><pubDate>Sun, 22 Nov 2026 08:00:00 GMT</pubDate></item>`;
    const feed = await serve(rss(item));
    await poll(feed, now);
    // As stored before items were keyed by their link alone.
    const { createHash } = await import("node:crypto");
    const legacy = `hash:${createHash("sha256").update("bulletins.example/legacy\nold key story").digest("hex")}`;
    await s.db.update(newsItems).set({ dedupeKey: legacy }).where(eq(newsItems.feedId, feed.id));
    await s.db.update(newsFeeds).set({ etag: null, lastModified: null }).where(eq(newsFeeds.id, feed.id));
    expect((await poll(feed, now)).added).toHaveLength(0);
    expect(await itemsOf(feed.id)).toHaveLength(1);
  });
});
