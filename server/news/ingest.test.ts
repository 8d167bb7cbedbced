import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsFeeds, newsItems } from "../db/schema";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";
import { type FeedRow, pollFeed } from "./ingest";
import { MAX_DESCRIPTION_TEXT, MAX_TITLE } from "./sanitizer";

const FIXTURES = path.join(import.meta.dirname, "fixtures");
const POLL_MS = 10 * 60_000;

let s: Services;
let server: http.Server;
let base: string;
const logs: Array<{ msg: string; reason?: string; feed?: string; item?: string }> = [];
const log = pino({ level: "info" }, { write: (line: string) => void logs.push(JSON.parse(line)) });
const hits: Record<string, http.IncomingHttpHeaders[]> = {};
let flakyFails = false;

/** windows-1256 bytes for an Arabic string (the reverse of the runtime's own decoder). */
function encode1256(text: string): Buffer {
  const decoder = new TextDecoder("windows-1256");
  const map = new Map<string, number>();
  for (let b = 0x80; b <= 0xff; b++) map.set(decoder.decode(new Uint8Array([b])), b);
  return Buffer.from(Array.from(text, (ch) => (ch.charCodeAt(0) < 0x80 ? ch.charCodeAt(0) : map.get(ch)!)));
}

const rss = (items: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>T</title>${items}</channel></rss>`;

function route(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = req.url ?? "/";
  hits[url] = [...(hits[url] ?? []), req.headers];
  const xml = (body: string | Buffer, headers: Record<string, string> = {}) => {
    res.writeHead(200, { "Content-Type": "application/rss+xml; charset=utf-8", ...headers });
    res.end(body);
  };
  if (url.startsWith("/fixtures/")) {
    const file = path.join(FIXTURES, path.basename(url));
    const type = file.endsWith(".html") ? "text/html; charset=utf-8" : "application/xml";
    res.writeHead(200, { "Content-Type": type });
    return res.end(fs.readFileSync(file));
  }
  switch (url) {
    case "/etag.xml":
      if (req.headers["if-none-match"] === '"v1"') return res.writeHead(304).end();
      return xml(rss(`<item><title>ETag story</title><guid>https://etag.example/1</guid></item>`), {
        ETag: '"v1"',
      });
    case "/last-modified.xml": {
      const stamp = "Sat, 21 Nov 2026 10:00:00 GMT";
      if (req.headers["if-modified-since"] === stamp) return res.writeHead(304).end();
      return xml(rss(`<item><title>LM story</title><guid>https://lm.example/1</guid></item>`), {
        "Last-Modified": stamp,
      });
    }
    case "/huge-description.xml":
      return xml(
        rss(
          `<item><title>Huge description</title><guid>https://huge.example/1</guid><description><![CDATA[<p>${"Banks rallied strongly today. ".repeat(7000)}</p>]]></description></item>`,
        ),
      );
    case "/long-title.xml":
      return xml(
        rss(
          `<item><title>${"Long headline words ".repeat(100)}</title><guid>https://long.example/1</guid></item>`,
        ),
      );
    case "/windows-1256.xml":
      return xml(
        Buffer.concat([
          Buffer.from(
            '<?xml version="1.0" encoding="windows-1256"?><rss version="2.0"><channel><title>x</title><item><title>',
          ),
          encode1256("ارتفاع أسهم البنوك"),
          Buffer.from("</title><guid>https://cp1256.example/1</guid></item></channel></rss>"),
        ]),
        { "Content-Type": "application/rss+xml" },
      );
    case "/unavailable":
    case "/unavailable?again":
      res.writeHead(503, { "Retry-After": "7200", "Content-Type": "text/html" });
      return res.end("<html><body>Service Unavailable</body></html>");
    case "/flaky.xml":
      if (flakyFails) return res.writeHead(500).end("boom");
      return xml(rss(`<item><title>Flaky but kept</title><guid>https://flaky.example/1</guid></item>`));
    case "/too-big.xml": {
      res.writeHead(200, { "Content-Type": "application/rss+xml" });
      const chunk = Buffer.alloc(1024 * 1024, "a");
      let sent = 0;
      const pump = () => {
        while (sent < 7 && res.write(chunk)) sent++;
        if (sent < 7) res.once("drain", pump);
        else res.end();
      };
      return pump();
    }
    case "/slow.xml":
      return setTimeout(() => xml(rss("")), 3000);
    default:
      res.writeHead(404).end();
  }
}

beforeAll(async () => {
  s = await createTestServices();
  server = http.createServer(route);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await s.close();
});

let feedCounter = 0;
async function addFeed(url: string, category = "markets"): Promise<FeedRow> {
  const [row] = await s.db
    .insert(newsFeeds)
    .values({ url: url.startsWith("/") ? `${base}${url}` : url, name: `Feed ${++feedCounter}`, category })
    .returning();
  return row!;
}

async function poll(feed: FeedRow, extra: { fetchTimeoutMs?: number } = {}) {
  const fresh = (await s.db.select().from(newsFeeds).where(eq(newsFeeds.id, feed.id)))[0]!;
  // The test feed server is on loopback, which feeds may only use with FEEDS_ALLOW_PRIVATE.
  return pollFeed({ db: s.db, log, pollIntervalMs: POLL_MS, allowPrivateAddresses: true, ...extra }, fresh);
}

const itemsOf = (feedId: string) => s.db.select().from(newsItems).where(eq(newsItems.feedId, feedId));
const feedRow = async (id: string) => (await s.db.select().from(newsFeeds).where(eq(newsFeeds.id, id)))[0]!;
const logged = (url: string, fragment: string) =>
  logs.some((l) => (l.feed ?? "").endsWith(url) && `${l.msg} ${l.reason ?? ""}`.includes(fragment));

describe("hostile HTML", () => {
  it("keeps the items with scripts, iframes, event handlers and javascript: links removed", async () => {
    const feed = await addFeed("/fixtures/hostile-html.rss.xml");
    const report = await poll(feed);
    expect(report.status).toBe("ok");
    const items = await itemsOf(feed.id);
    expect(items).toHaveLength(4);
    for (const item of items) {
      const stored = `${item.title} ${item.description} ${item.link ?? ""}`;
      expect(stored).not.toMatch(
        /<script|<iframe|<svg|<img|<form|<object|<style|onerror|onclick|onload|onmouseover/i,
      );
      expect(`${item.description} ${item.link ?? ""}`).not.toMatch(/javascript:|data:text/i);
      expect(stored).not.toMatch(/style=/i);
    }
    const byGuid = Object.fromEntries(items.map((i) => [i.guid, i]));
    expect(byGuid["https://hostile.example/a"]!.title).toBe("Script in description");
    expect(byGuid["https://hostile.example/a"]!.description).toContain("<b>here</b>");
    expect(byGuid["https://hostile.example/b"]!.description).toContain("Banks gained.");
    const links = byGuid["https://hostile.example/c"]!;
    expect(links.link).toBeNull();
    expect(links.description).toContain('href="https://good.example/ok"');
    expect(links.description).toContain('rel="noopener noreferrer nofollow ugc"');
    expect(logged("hostile-html.rss.xml", "unsafe or invalid link dropped")).toBe(true);
    const relative = byGuid["https://hostile.example/d"]!;
    // Resolved against the site (the channel's <link>), not the feed's own address.
    expect(relative.link).toBe("https://hostile.example/news/relative-story");
    expect(relative.description).toBe("Plain text survives.");
  });
});

describe("broken documents are rejected with a logged reason and nothing stored", () => {
  const cases: Array<[string, string]> = [
    ["/fixtures/malformed.rss.xml", "malformed XML"],
    ["/fixtures/truncated.rss.xml", "malformed XML"],
    ["/fixtures/error-page.html", "HTML page"],
    ["/fixtures/entity-bomb.rss.xml", "declares XML entities"],
    ["/unavailable", "HTTP 503"],
    ["/missing-route", "HTTP 404"],
  ];
  for (const [url, reason] of cases) {
    it(`${url}: ${reason}`, async () => {
      const feed = await addFeed(url);
      const started = Date.now();
      const report = await poll(feed);
      expect(report.status).toBe("error");
      expect(report.error).toContain(reason);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(await itemsOf(feed.id)).toHaveLength(0);
      const row = await feedRow(feed.id);
      expect(row.lastStatus).toBe("error");
      expect(row.lastError).toContain(reason);
      expect(logged(url, reason)).toBe(true);
    });
  }

  it("honours Retry-After when it is longer than the backoff", async () => {
    const feed = await addFeed("/unavailable?again");
    const before = Date.now();
    await poll(feed);
    const row = await feedRow(feed.id);
    expect(row.nextFetchAt.getTime() - before).toBeGreaterThanOrEqual(7200_000 - 1000);
  });

  it("stops reading a body over the size limit", async () => {
    const feed = await addFeed("/too-big.xml");
    const report = await poll(feed);
    expect(report.error).toMatch(/too large/);
  });

  it("gives up on a server that does not answer in time", async () => {
    const feed = await addFeed("/slow.xml");
    const report = await poll(feed, { fetchTimeoutMs: 300 });
    expect(report.error).toMatch(/timed out/);
  });
});

describe("absurd sizes are truncated sensibly", () => {
  it("cuts a 200 KB description to readable plain text", async () => {
    const feed = await addFeed("/huge-description.xml");
    await poll(feed);
    const [item] = await itemsOf(feed.id);
    expect(item!.description.length).toBeLessThan(MAX_DESCRIPTION_TEXT + 20);
    expect(item!.description).toMatch(/^<p>Banks rallied strongly today\. .*…<\/p>$/);
    expect(logged("/huge-description.xml", "description truncated")).toBe(true);
  });

  it("cuts a 2,000-character title at a word boundary", async () => {
    const feed = await addFeed("/long-title.xml");
    await poll(feed);
    const [item] = await itemsOf(feed.id);
    expect(Array.from(item!.title).length).toBeLessThanOrEqual(MAX_TITLE + 1);
    expect(item!.title).toMatch(/words…$|headline…$|Long…$/);
    expect(logged("/long-title.xml", "title truncated")).toBe(true);
  });
});

describe("missing guid or date", () => {
  it("falls back to a link hash, places dateless items below the dated ones, and rejects empty items", async () => {
    const feed = await addFeed("/fixtures/missing-fields.rss.xml");
    const report = await poll(feed);
    const items = await itemsOf(feed.id);
    const byLink = Object.fromEntries(items.map((i) => [i.link, i]));
    expect(items).toHaveLength(5);
    expect(byLink["https://missing.example/no-guid"]!.guid).toBeNull();
    expect(byLink["https://missing.example/no-guid"]!.dedupeKey).toMatch(/^link:[0-9a-f]{64}$/);
    const oldestDated = Math.min(...items.filter((i) => !i.dateUnknown).map((i) => i.pubDate.getTime()));
    for (const undated of ["https://missing.example/no-date", "https://missing.example/bad-date"]) {
      expect(byLink[undated]!.dateUnknown).toBe(true);
      expect(byLink[undated]!.pubDate.getTime()).toBeLessThan(oldestDated);
    }
    expect(byLink["https://missing.example/ast-date"]!.pubDate.toISOString()).toBe(
      "2026-11-21T10:00:00.000Z",
    );
    expect(byLink["https://missing.example/no-title"]!.title).toMatch(/^An item with no title/);
    const reasons = report.notes.map((n) => n.reason);
    expect(reasons).toContain("no date: used the fetch time");
    expect(reasons).toContain("invalid date: used the fetch time");
    expect(reasons).toContain("no title: used the start of the description");
    expect(reasons).toContain("rejected: no title and no text");
    expect(logged("missing-fields.rss.xml", "rejected: no title and no text")).toBe(true);
  });
});

describe("deduplication", () => {
  it("stores a story once across feeds (by guid, else by its link) and keeps feed-local numeric guids apart", async () => {
    const a = await addFeed("/fixtures/syndicated-a.rss.xml");
    const b = await addFeed("/fixtures/syndicated-b.atom.xml");
    const ra = await poll(a);
    expect(ra.added).toHaveLength(3);
    expect(ra.duplicates).toBe(1);
    const rb = await poll(b);
    expect(rb.added).toHaveLength(1);
    expect(rb.duplicates).toBe(2);
    const titles = [...(await itemsOf(a.id)), ...(await itemsOf(b.id))].map((i) => i.title).sort();
    expect(titles).toEqual([
      "Emirates NBD reports record profit",
      "Numeric guid from A",
      "Numeric guid from B",
      "Same story, no guid",
    ]);
    // Polling again adds nothing: items never re-appear.
    await s.db.update(newsFeeds).set({ etag: null, lastModified: null });
    expect((await poll(a)).added).toHaveLength(0);
  });
});

describe("Arabic", () => {
  it("keeps Arabic titles and text intact and marks them as Arabic", async () => {
    const feed = await addFeed("/fixtures/arabic.rss.xml");
    await poll(feed);
    const items = await itemsOf(feed.id);
    const banks = items.find((i) => i.link === "https://ar.example/banks")!;
    expect(banks.title).toBe("ارتفاع أرباح البنوك السعودية بنسبة 12% في الربع الثالث");
    expect(banks.description).toBe(
      '<p dir="rtl">حققت البنوك السعودية نمواً قوياً في الأرباح بدعم من زيادة القروض.</p>',
    );
    expect(banks.language).toBe("ar");
    expect(items.every((i) => i.language === "ar")).toBe(true);
  });

  it("decodes a windows-1256 feed", async () => {
    const feed = await addFeed("/windows-1256.xml");
    await poll(feed);
    const [item] = await itemsOf(feed.id);
    expect(item!.title).toBe("ارتفاع أسهم البنوك");
  });
});

describe("conditional GET, backoff and keeping news on failure", () => {
  it("sends If-None-Match and treats 304 as healthy", async () => {
    const feed = await addFeed("/etag.xml");
    expect((await poll(feed)).added).toHaveLength(1);
    const second = await poll(feed);
    expect(second.status).toBe("not-modified");
    expect(hits["/etag.xml"]!.at(-1)!["if-none-match"]).toBe('"v1"');
    expect((await feedRow(feed.id)).lastStatus).toBe("not-modified");
  });

  it("sends If-Modified-Since from Last-Modified", async () => {
    const feed = await addFeed("/last-modified.xml");
    await poll(feed);
    expect((await poll(feed)).status).toBe("not-modified");
    expect(hits["/last-modified.xml"]!.at(-1)!["if-modified-since"]).toBe("Sat, 21 Nov 2026 10:00:00 GMT");
  });

  it("backs off per feed, doubling, and never removes stored items", async () => {
    const feed = await addFeed("/flaky.xml");
    flakyFails = false;
    await poll(feed);
    expect(await itemsOf(feed.id)).toHaveLength(1);
    flakyFails = true;
    const t1 = Date.now();
    await poll(feed);
    const first = await feedRow(feed.id);
    expect(first.failureCount).toBe(1);
    expect(first.nextFetchAt.getTime() - t1).toBeGreaterThanOrEqual(POLL_MS - 1000);
    const t2 = Date.now();
    await poll(feed);
    const second = await feedRow(feed.id);
    expect(second.failureCount).toBe(2);
    expect(second.nextFetchAt.getTime() - t2).toBeGreaterThanOrEqual(2 * POLL_MS - 1000);
    expect(await itemsOf(feed.id)).toHaveLength(1);
    flakyFails = false;
    await poll(feed);
    const healed = await feedRow(feed.id);
    expect(healed.failureCount).toBe(0);
    expect(healed.lastError).toBeNull();
  });
});

describe("default feeds", () => {
  it("reads the shipped sample feeds offline and refuses other local files", async () => {
    const sample = await addFeed("sample://gulf-markets.rss.xml");
    const report = await poll(sample);
    expect(report.status).toBe("ok");
    expect(report.added.length).toBeGreaterThan(5);
    expect((await poll(sample)).status).toBe("not-modified");
    const traversal = await addFeed("sample://../../../etc/passwd");
    expect((await poll(traversal)).error).toBe("invalid sample feed name");
    const file = await addFeed("file:///etc/passwd");
    expect((await poll(file)).error).toMatch(/unsupported URL scheme/);
  });
});
