import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clockIn } from "#common/calendar-time";
import { calendarFeedCache, economicEvents } from "../db/schema";
import { createLogger } from "../logger";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";
import { createCalendar } from "./events";
import { parseForexFactory, toFeedEvents } from "./forex-factory";
import { refreshFeeds } from "./sources";

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "fixtures", name), "utf8");
const WEEK = fixture("ff_calendar_thisweek.json");
const MOVED = fixture("ff_calendar_thisweek.moved.json");
const HOUR = 60 * 60 * 1000;

/** A log that keeps its lines, so a test can see what was said. */
function recordingLog() {
  const lines: Array<{ msg: string; obj: Record<string, unknown> }> = [];
  const log = createLogger("silent");
  const keep = (level: string) => (obj: unknown, msg?: string) =>
    void lines.push({ msg: `${level}: ${msg ?? ""}`, obj: (obj ?? {}) as Record<string, unknown> });
  return {
    lines,
    log: Object.assign(Object.create(log), { warn: keep("warn"), info: keep("info"), error: keep("error") }),
  };
}

/** The weekly JSON on loopback, with ETag handling and a switch to answer 429. */
interface Stub {
  url: string;
  body: string;
  etag: string;
  mode: "ok" | "429";
  retryAfter: string;
  requests: Array<{ ifNoneMatch?: string }>;
  close(): Promise<void>;
}

async function startStub(): Promise<Stub> {
  const stub = { body: WEEK, etag: '"v1"', mode: "ok", retryAfter: "7200", requests: [] } as unknown as Stub;
  const server = http.createServer((req, res) => {
    stub.requests.push({ ifNoneMatch: req.headers["if-none-match"] as string | undefined });
    if (stub.mode === "429") {
      res
        .writeHead(429, { "retry-after": stub.retryAfter, "content-type": "text/plain" })
        .end("Too Many Requests");
      return;
    }
    if (req.headers["if-none-match"] === stub.etag) {
      res.writeHead(304, { etag: stub.etag }).end();
      return;
    }
    res.writeHead(200, { "content-type": "application/json", etag: stub.etag }).end(stub.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ff_calendar_thisweek.json`;
  stub.close = () => new Promise((resolve) => server.close(() => resolve()));
  return stub;
}

describe("Forex Factory weekly JSON", () => {
  it("parses the documented shape and skips malformed rows with a log line", () => {
    const { lines, log } = recordingLog();
    const rows = parseForexFactory(WEEK, log, "fixture");
    expect(rows).toHaveLength(13);
    const skipped = lines.filter((l) => l.msg.includes("skipped a malformed Forex Factory row"));
    expect(skipped.map((l) => l.obj.index)).toEqual([11, 12, 13]);
    expect(String(skipped[0]!.obj.issues)).toMatch(/date/);

    const events = toFeedEvents(rows);
    const cpi = events.find((e) => e.title === "CPI m/m")!;
    expect(cpi).toMatchObject({
      country: "United States",
      importance: "high",
      category: "Inflation",
      forecast: "0.3%",
      previous: "0.2%",
      actual: null,
      source: "forexfactory",
      confidence: "confirmed",
    });
    expect(cpi.startsAt.toISOString()).toBe("2026-12-10T13:30:00.000Z");
    expect(events.find((e) => e.title === "Retail Sales m/m")!.actual).toBe("0.4%");
    expect(events.find((e) => e.title === "Bank Holiday")).toMatchObject({
      category: "Holiday",
      importance: "low",
    });
    expect(events.find((e) => e.title === "G20 Meetings")!.country).toBe("Global");
    expect(events.find((e) => e.title === "Unemployment Claims")!.category).toBe("Employment");
    // The same speaker twice in a week: two events, two keys.
    const waller = events.filter((e) => e.title === "FOMC Member Waller Speaks").map((e) => e.sourceKey);
    expect(waller).toEqual([
      "ff:USD:fomc-member-waller-speaks:2026-12-07",
      "ff:USD:fomc-member-waller-speaks:2026-12-07#2",
    ]);
    // The Fed's decision lands on the shipped schedule's row for that day.
    expect(events.find((e) => e.title === "Federal Funds Rate")!.sourceKey).toBe("fomc:2026-12-09");
    expect(new Set(events.map((e) => e.sourceKey)).size).toBe(events.length);
  });

  it("refuses a body that is not an array", () => {
    expect(() => parseForexFactory("<html>busy</html>", createLogger("silent"))).toThrow(/not JSON/);
    expect(() => parseForexFactory('{"a":1}', createLogger("silent"))).toThrow(/not an array/);
  });
});

describe("feed on loopback: fetch, merge, back off", () => {
  let s: Services;
  let stub: Stub;
  const now = new Date("2026-12-06T12:00:00Z");
  const interval = 4 * HOUR;

  beforeAll(async () => {
    s = await createTestServices();
    stub = await startStub();
  });
  afterAll(async () => {
    await stub.close();
    await s.close();
  });
  beforeEach(() => {
    stub.requests.length = 0;
  });

  const refresh = (at: Date, log = s.log) =>
    refreshFeeds({ db: s.db, log, urls: [stub.url], minIntervalMs: interval, now: at, timeoutMs: 5000 });
  const feedRows = () => s.db.select().from(economicEvents).where(like(economicEvents.sourceKey, "ff:%"));

  it("stores the week once, however often it is merged, and confirms the Fed's scheduled row", async () => {
    await createCalendar({ db: s.db, log: s.log }).ensureSchedule({ now });
    const [fedBefore] = await s.db
      .select()
      .from(economicEvents)
      .where(eq(economicEvents.sourceKey, "fomc:2026-12-09"));
    expect(fedBefore).toMatchObject({ source: "schedule", confidence: "schedule" });

    const { lines, log } = recordingLog();
    const [first] = await refresh(now, log);
    expect(first!.outcome).toBe("fetched");
    expect(first!.merged).toEqual({ inserted: 12, updated: 1, unchanged: 0, cancelled: 0 });
    expect(lines.filter((l) => l.msg.includes("malformed"))).toHaveLength(3);
    const rows = await feedRows();
    expect(rows).toHaveLength(12);

    const [fed] = await s.db
      .select()
      .from(economicEvents)
      .where(eq(economicEvents.sourceKey, "fomc:2026-12-09"));
    expect(fed).toMatchObject({
      id: fedBefore!.id,
      source: "forexfactory",
      confidence: "confirmed",
      forecast: "3.50%",
    });
    expect(fed!.title).toBe(fedBefore!.title);

    // Too soon: nothing is requested.
    stub.requests.length = 0;
    const [soon] = await refresh(new Date(now.getTime() + HOUR));
    expect(soon!.outcome).toBe("skipped");
    expect(stub.requests).toHaveLength(0);

    // Due again, same copy: a conditional GET answered 304, nothing changes.
    const [again] = await refresh(new Date(now.getTime() + interval));
    expect(again!.outcome).toBe("not-modified");
    expect(stub.requests).toEqual([{ ifNoneMatch: '"v1"' }]);
    expect(await feedRows()).toHaveLength(12);

    // A new ETag with the same content: merged again, no duplicates, no updates.
    stub.etag = '"v1b"';
    const [same] = await refresh(new Date(now.getTime() + 2 * interval));
    expect(same!.merged).toEqual({ inserted: 0, updated: 0, unchanged: 13, cancelled: 0 });
    expect(await feedRows()).toHaveLength(12);
  });

  it("updates a moved event in place and marks an event that left the feed cancelled", async () => {
    const [cpiBefore] = await s.db
      .select()
      .from(economicEvents)
      .where(like(economicEvents.sourceKey, "ff:USD:cpi-m-m:%"));
    stub.body = MOVED;
    stub.etag = '"v2"';
    const [moved] = await refresh(new Date(now.getTime() + 3 * interval));
    expect(moved!.merged).toMatchObject({ inserted: 0, cancelled: 1 });
    const [cpi] = await s.db.select().from(economicEvents).where(eq(economicEvents.id, cpiBefore!.id));
    expect(cpi!.startsAt.toISOString()).toBe("2026-12-11T13:30:00.000Z");
    expect(cpi!.forecast).toBe("0.4%");
    const [oil] = await s.db
      .select()
      .from(economicEvents)
      .where(like(economicEvents.sourceKey, "ff:USD:crude-oil-inventories:%"));
    expect(oil!.status).toBe("cancelled");
    // A copy without the actual figure keeps the one already known.
    const [retail] = await s.db
      .select()
      .from(economicEvents)
      .where(like(economicEvents.sourceKey, "ff:USD:retail-sales-m-m:%"));
    expect(retail!.actual).toBe("0.4%");
    expect(await feedRows()).toHaveLength(12);
  });

  it("keeps the last copy on a 429 and waits at least Retry-After before asking again", async () => {
    const before = await s.db.select().from(calendarFeedCache).where(eq(calendarFeedCache.url, stub.url));
    stub.mode = "429";
    const at = new Date(now.getTime() + 4 * interval);
    const { lines, log } = recordingLog();
    const [limited] = await refresh(at, log);
    expect(limited!.outcome).toBe("rate-limited");
    expect(lines.some((l) => l.msg.includes("429"))).toBe(true);
    const [cache] = await s.db.select().from(calendarFeedCache).where(eq(calendarFeedCache.url, stub.url));
    expect(cache!.body).toBe(before[0]!.body);
    expect(cache!.lastStatus).toBe(429);
    // max(Retry-After 2 h, twice the 4 h interval)
    expect(cache!.nextFetchAt!.getTime()).toBe(at.getTime() + 2 * interval);
    expect(await feedRows()).toHaveLength(12);

    stub.requests.length = 0;
    const [waiting] = await refresh(new Date(at.getTime() + interval));
    expect(waiting!.outcome).toBe("skipped");
    expect(stub.requests).toHaveLength(0);

    // A Retry-After longer than the back-off is honoured as given.
    stub.retryAfter = "86400";
    const later = new Date(at.getTime() + 2 * interval);
    const [again] = await refresh(later);
    expect(again!.outcome).toBe("rate-limited");
    const [held] = await s.db.select().from(calendarFeedCache).where(eq(calendarFeedCache.url, stub.url));
    expect(held!.nextFetchAt!.getTime()).toBe(later.getTime() + 24 * HOUR);
    expect(held!.body).toBe(before[0]!.body);

    stub.mode = "ok";
    const [back] = await refresh(new Date(later.getTime() + 24 * HOUR));
    expect(back!.outcome).toBe("not-modified");
  });

  it("keeps the last copy when the address is unreachable, within a short timeout", async () => {
    const url = "http://127.0.0.1:9/ff_calendar_thisweek.json";
    await s.db.insert(calendarFeedCache).values({ url, body: WEEK, etag: '"old"' });
    const started = Date.now();
    const [down] = await refreshFeeds({
      db: s.db,
      log: s.log,
      urls: [url],
      minIntervalMs: interval,
      now: new Date(now.getTime() + 10 * interval),
      timeoutMs: 2000,
    });
    expect(down!.outcome).toBe("failed");
    expect(Date.now() - started).toBeLessThan(5000);
    const [after] = await s.db.select().from(calendarFeedCache).where(eq(calendarFeedCache.url, url));
    expect(after!.body).toBe(WEEK);
    expect(after!.nextFetchAt!.getTime()).toBeGreaterThan(now.getTime() + 10 * interval);
  });
});

describe("a US release seen from Riyadh, Dubai and London across daylight-saving changes", () => {
  // US CPI at 08:30 New York time. The US moves its clocks on 8 March 2026, the UK on 29 March;
  // the Gulf never does.
  // Each one goes through the feed's parser, as a row of the weekly JSON would.
  const release = (day: string, offset: string) =>
    toFeedEvents(
      parseForexFactory(
        JSON.stringify([
          {
            title: "CPI m/m",
            country: "USD",
            date: `2026-${day}T08:30:00${offset}`,
            impact: "High",
            forecast: "",
            previous: "",
          },
        ]),
        createLogger("silent"),
      ),
    )[0]!.startsAt;
  it.each([
    ["winter, both on standard time", release("03-06", "-05:00"), "16:30", "17:30", "13:30"],
    ["US summer time, UK still on GMT", release("03-12", "-04:00"), "15:30", "16:30", "12:30"],
    ["both on summer time", release("04-10", "-04:00"), "15:30", "16:30", "13:30"],
    ["UK back on GMT, US still on summer time", release("10-30", "-04:00"), "15:30", "16:30", "12:30"],
  ])("%s", (_name, at, riyadh, dubai, london) => {
    expect(clockIn(at, "Asia/Riyadh")).toBe(riyadh);
    expect(clockIn(at, "Asia/Dubai")).toBe(dubai);
    expect(clockIn(at, "Europe/London")).toBe(london);
  });
});
