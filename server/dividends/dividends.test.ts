/**
 * Dividends and corporate actions on a real database: Yahoo's chart events and Twelve Data's
 * /dividends and /splits read from recorded answers served on loopback; the same distribution from
 * two sources stored once, the higher-ranked source kept and the editor's row never overwritten;
 * the trailing yield against a hand-computed value; a split adjusting the chart's earlier bars.
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dividendFormSchema } from "#common/dividend-schema";
import { alertNotifications, auditLog, corporateActions, marketBars } from "../db/schema";
import type { Services } from "../services";
import { signUpVerified } from "../testing/fixtures";
import { startTestHttpApp } from "../testing/http-app";
import { createTestServices } from "../testing/test-services";
import { adjustForSplits } from "./figures";
import { createTwelveDataActions, createYahooActions, yahooActions } from "./sources";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

// Wednesday 1 December 2021, 09:00 UTC.
const now = Date.parse("2021-12-01T09:00:00Z");
let s: Services;
let stub: http.Server;
let base = "";
let editorId = "";
const seen: string[] = [];

/** Yahoo and Twelve Data on loopback, answering their recorded responses. */
function startStub() {
  const routes: Record<string, string> = {
    "/v8/finance/chart/MSFT": "yahoo-chart-msft-2021-div.json",
    "/v8/finance/chart/AAPL": "yahoo-chart-aapl-2020-div-split.json",
    "/dividends": "twelvedata-dividends-msft-2021.json",
    "/splits": "twelvedata-splits-aapl-2020.json",
  };
  return http.createServer((req, res) => {
    const url = new URL(req.url!, "http://stub");
    seen.push(url.pathname + url.search);
    if (url.searchParams.get("apikey") === "wrong")
      return void res
        .writeHead(200, { "content-type": "application/json" })
        .end(fixture("twelvedata-error-401.json"));
    const file = routes[url.pathname];
    if (!file)
      return void res.writeHead(404, { "content-type": "application/json" }).end('{"chart":{"result":null}}');
    res.writeHead(200, { "content-type": "application/json" }).end(fixture(file));
  });
}

const msft = { symbol: "MSFT", exchange: "NASDAQ", tickers: { yahoo: "MSFT", twelveData: "MSFT" } };

beforeAll(async () => {
  s = await createTestServices({}, { market: { clock: () => now } });
  editorId = await signUpVerified(s, "editor@example.com", "Editor");
  stub = startStub();
  await new Promise<void>((r) => stub.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(stub.address() as { port: number }).port}`;
}, 120_000);

afterAll(async () => {
  stub?.close();
  await s?.close();
});

const rowsOf = (symbol: string) => s.dividends.history(symbol);

describe("sources", () => {
  it("reads Yahoo's recorded chart events: Apple's 4-for-1 split and its November 2020 dividend", () => {
    const actions = yahooActions(
      { symbol: "AAPL", exchange: "NASDAQ" },
      JSON.parse(fixture("yahoo-chart-aapl-2020-div-split.json")),
    );
    expect(actions).toEqual([
      { symbol: "AAPL", kind: "dividend", exDate: "2020-11-06", amount: 0.205, currency: "USD" },
      { symbol: "AAPL", kind: "split", exDate: "2020-08-31", ratio: 4 },
    ]);
  });

  it("asks Yahoo for events=div|split and Twelve Data for /dividends and /splits over loopback", async () => {
    const yahoo = await createYahooActions({ baseUrl: base }).actions(msft);
    expect(yahoo.map((a) => [a.exDate, a.amount])).toEqual([
      ["2021-02-17", 0.56],
      ["2021-05-19", 0.56],
      ["2021-08-18", 0.56],
      ["2021-11-17", 0.62],
    ]);
    expect(
      seen.some((u) => u.startsWith("/v8/finance/chart/MSFT?") && u.includes("events=div%7Csplit")),
    ).toBe(true);
    const td = await createTwelveDataActions({ baseUrl: base, apiKey: "k" }).actions(msft);
    expect(td.filter((a) => a.kind === "dividend")).toHaveLength(4);
    expect(td.find((a) => a.kind === "split")).toMatchObject({ exDate: "2020-08-31", ratio: 4 });
  });

  it("fails on a refused Twelve Data key instead of answering no dividends", async () => {
    await expect(createTwelveDataActions({ baseUrl: base, apiKey: "wrong" }).actions(msft)).rejects.toThrow(
      /401/,
    );
  });
});

describe("one row per distribution", () => {
  it("stores the same four dividends from Yahoo and Twelve Data once, Twelve Data's kept", async () => {
    await s.db.delete(corporateActions).where(inArray(corporateActions.symbol, ["MSFT"]));
    await s.dividends.store("yahoo", await createYahooActions({ baseUrl: base }).actions(msft));
    const td = await createTwelveDataActions({ baseUrl: base, apiKey: "k" }).actions(msft);
    await s.dividends.store(
      "twelvedata",
      td.filter((a) => a.kind === "dividend"),
    );
    // Yahoo answering again later does not take the rows back.
    await s.dividends.store("yahoo", await createYahooActions({ baseUrl: base }).actions(msft));
    const rows = await rowsOf("MSFT");
    expect(rows.map((r) => [r.exDate, r.amount, r.source])).toEqual([
      ["2021-11-17", 0.62, "twelvedata"],
      ["2021-08-18", 0.56, "twelvedata"],
      ["2021-05-19", 0.56, "twelvedata"],
      ["2021-02-17", 0.56, "twelvedata"],
    ]);
  });

  it("keeps an editor's correction when a source answers again", async () => {
    const form = dividendFormSchema.parse({
      symbol: "2222",
      exDate: "2021-12-05",
      paymentDate: "2021-12-20",
      amount: "0.3501",
      currency: "sar",
      sourceUrl: "https://www.saudiexchange.sa/",
    });
    await s.dividends.saveFromEditor(editorId, form);
    await s.dividends.store("yahoo", [
      { symbol: "2222", kind: "dividend", exDate: "2021-12-05", amount: 0.35, currency: "SAR" },
    ]);
    const [row] = (await rowsOf("2222")).filter((r) => r.exDate === "2021-12-05");
    const audits = await s.db.select().from(auditLog).where(eq(auditLog.action, "dividend.save"));
    expect(audits).toMatchObject([{ actorId: editorId, target: "2222/2021-12-05" }]);
    expect(row).toMatchObject({
      amount: 0.3501,
      currency: "SAR",
      source: "editor",
      byEditor: true,
      upcoming: true,
      paymentDate: "2021-12-20",
    });
  });
});

describe("trailing dividend yield", () => {
  it("sums the dividends of the 365 days up to today in the instrument's currency, over today's price", async () => {
    await s.db.delete(corporateActions).where(inArray(corporateActions.symbol, ["2222"]));
    await s.dividends.store("twelvedata", [
      // A year and a day ago: outside the window.
      { symbol: "2222", kind: "dividend", exDate: "2020-12-01", amount: 9, currency: "SAR" },
      { symbol: "2222", kind: "dividend", exDate: "2020-12-02", amount: 0.3, currency: "SAR" },
      { symbol: "2222", kind: "dividend", exDate: "2021-06-01", amount: 0.35, currency: "SAR" },
      { symbol: "2222", kind: "dividend", exDate: "2021-12-01", amount: 0.4, currency: "SAR" },
      // Paid in another currency: left out, not converted.
      { symbol: "2222", kind: "dividend", exDate: "2021-09-01", amount: 5, currency: "USD" },
      // Still to come: not yet trailing.
      { symbol: "2222", kind: "dividend", exDate: "2021-12-20", amount: 7, currency: "SAR" },
      { symbol: "2222", kind: "split", exDate: "2021-03-01", ratio: 2 },
    ]);
    const y = await s.dividends.trailingYield("2222", 35);
    // (0.30 + 0.35 + 0.40) / 35 = 0.03
    expect(y?.value).toBeCloseTo(0.03, 12);
    expect(y).toMatchObject({
      source: "twelvedata",
      basis: { dividends: 3, from: "2020-12-02", to: "2021-12-01", price: 35 },
    });
    expect(await s.dividends.trailingYield("1120", 80)).toBeUndefined();
  });

  it("shows in the key statistics with its source", async () => {
    await s.market.tick(now);
    const stats = await s.company.keyStatistics("2222");
    const price = s.market.quote("2222")!.price;
    expect(stats?.statistics.dividendYield).toMatchObject({ source: "twelvedata" });
    expect(stats?.statistics.dividendYield?.value).toBeCloseTo(1.05 / price, 12);
  }, 120_000);
});

describe("split adjustment", () => {
  const day = (d: string) => Date.parse(`${d}T00:00:00Z`) / 1000;
  const bar = (d: string, close: number) => ({
    time: day(d),
    open: close,
    high: close,
    low: close,
    close,
    volume: 100,
  });

  it("divides the bars before a 4-for-1 split's ex-date by 4 and says so", () => {
    const raw = [bar("2020-08-27", 500), bar("2020-08-28", 499.2), bar("2020-08-31", 127.6)];
    const { bars, adjusted } = adjustForSplits(raw, [{ kind: "split", exDate: "2020-08-31", ratio: 4 }]);
    expect(adjusted).toBe(true);
    expect(bars.map((b) => b.close)).toEqual([125, 124.8, 127.6]);
    expect(bars[0]!.volume).toBe(400);
  });

  it("leaves a history its source already adjusted alone", () => {
    const already = [bar("2020-08-28", 124.8), bar("2020-08-31", 127.6)];
    const { bars, adjusted } = adjustForSplits(already, [{ kind: "split", exDate: "2020-08-31", ratio: 4 }]);
    expect(adjusted).toBe(false);
    expect(bars).toEqual(already);
  });

  it("adjusts a company's stored bars through the service", async () => {
    await s.dividends.store("yahoo", [{ symbol: "2222", kind: "split", exDate: "2021-03-01", ratio: 2 }]);
    const { bars, adjusted } = await s.dividends.adjust("2222", [
      bar("2021-02-28", 60),
      bar("2021-03-01", 30.5),
    ]);
    expect(adjusted).toBe(true);
    expect(bars.map((b) => b.close)).toEqual([30, 30.5]);
  });
});

describe("the chart's history API", () => {
  it("answers a company's bars adjusted for its split, and says so", async () => {
    const days = ["2021-10-03", "2021-10-04", "2021-10-05", "2021-10-06", "2021-10-07"];
    const closes = [90, 92, 91, 45.5, 46];
    await s.db.delete(marketBars).where(inArray(marketBars.symbol, ["1120"]));
    await s.db.insert(marketBars).values(
      days.map((d, i) => ({
        symbol: "1120",
        interval: "1d" as const,
        ts: new Date(`${d}T00:00:00Z`),
        ...{ open: closes[i]!, high: closes[i]!, low: closes[i]!, close: closes[i]! },
        real: true,
        source: "yahoo",
      })),
    );
    await s.dividends.store("twelvedata", [
      { symbol: "1120", kind: "split", exDate: "2021-10-06", ratio: 2 },
    ]);
    const app = await startTestHttpApp(s);
    try {
      const res = await fetch(`${app.url}/api/market/1120/history?range=1Y`);
      const body = (await res.json()) as {
        bars: Array<{ time: number; close: number }>;
        adjustedForSplits: boolean;
      };
      expect(body.adjustedForSplits).toBe(true);
      const byDay = new Map(
        body.bars.map((b) => [new Date(b.time * 1000).toISOString().slice(0, 10), b.close]),
      );
      expect(days.map((d) => byDay.get(d))).toEqual([45, 46, 45.5, 45.5, 46]);
    } finally {
      await app.close();
    }
  }, 120_000);
});

describe("the company page's chart caption", () => {
  it("says the chart is adjusted for splits, in English and Arabic, only for a company with a split behind it", async () => {
    // 1120's 2-for-1 split of 6 October 2021 lies within the year before today (1 December 2021).
    await s.dividends.store("twelvedata", [
      { symbol: "1120", kind: "split", exDate: "2021-10-06", ratio: 2 },
    ]);
    const app = await startTestHttpApp(s);
    try {
      const caption = async (path: string) => {
        const html = await (await fetch(`${app.url}${path}`)).text();
        return /<p data-field="chart-source"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? "";
      };
      expect(await caption("/markets/1120")).toContain("Adjusted for splits");
      expect(await caption("/ar/markets/1120")).toContain("معدّل لتجزئة الأسهم");
      // Riyad Bank has no split or bonus issue recorded: its caption says nothing of the kind.
      const plain = await caption("/markets/1010");
      expect(plain).not.toBe("");
      expect(plain).not.toContain("Adjusted for splits");
      expect(await caption("/ar/markets/1010")).not.toContain("معدّل لتجزئة الأسهم");
    } finally {
      await app.close();
    }
  }, 180_000);
});

describe("GET /api/instruments/:symbol", () => {
  it("carries the dividend history newest first and the trailing yield, each with its source", async () => {
    const app = await startTestHttpApp(s);
    try {
      const res = await fetch(`${app.url}/api/instruments/2222`);
      const body = (await res.json()) as {
        dividends: Array<{ exDate: string; source: string; kind: string }>;
        statistics: { dividendYield?: { value: number; source: string } };
      };
      const exDates = body.dividends.map((d) => d.exDate);
      expect(exDates).toEqual([...exDates].sort().reverse());
      expect(body.dividends.every((d) => typeof d.source === "string" && d.source.length > 0)).toBe(true);
      expect(body.statistics.dividendYield?.source).toBe("twelvedata");
    } finally {
      await app.close();
    }
  }, 120_000);
});

describe("the editor's form", () => {
  it("refuses bad input with a message per field", () => {
    const bad = dividendFormSchema.safeParse({
      symbol: "2222",
      exDate: "2021-02-30",
      paymentDate: "soon",
      amount: "-1",
      currency: "riyal",
      sourceUrl: "javascript:alert(1)",
    });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(
      expect.arrayContaining(["exDate", "paymentDate", "amount", "currency", "sourceUrl"]),
    );
    const order = dividendFormSchema.safeParse({
      symbol: "2222",
      exDate: "2021-12-10",
      paymentDate: "2021-12-01",
      bonusShares: "0.1",
      sourceUrl: "https://example.com/x",
    });
    expect(order.error?.issues.map((i) => i.message)).toEqual([
      "The payment date cannot be before the ex-date.",
    ]);
  });

  it("refuses an unknown company and writes nothing", async () => {
    const before = (await s.db.select().from(corporateActions)).length;
    const form = dividendFormSchema.parse({
      symbol: "NOPE9",
      exDate: "2021-12-10",
      amount: "1",
      currency: "SAR",
      sourceUrl: "https://example.com/",
    });
    await expect(s.dividends.saveFromEditor(editorId, form)).rejects.toThrow("Choose a company.");
    expect((await s.db.select().from(corporateActions)).length).toBe(before);
  });
});

describe("reminders before the ex-date and watchlist ex-dates in the bell", () => {
  it("sends a reader's reminder the set number of days before the ex-date, once", async () => {
    const userId = await signUpVerified(s, "reader@example.com", "Reader");
    await s.dividends.store("editor", [
      { symbol: "2222", kind: "dividend", exDate: "2021-12-09", amount: 0.5, currency: "SAR" },
    ]);
    const action = (await rowsOf("2222")).find((a) => a.exDate === "2021-12-09")!;
    const reminder = await s.dividends.reminders.set(userId, {
      actionId: action.id,
      daysBefore: 3,
      notifyEmail: false,
    });
    expect(reminder.remindAt.toISOString()).toBe("2021-12-06T00:00:00.000Z");
    const bell = () => s.db.select().from(alertNotifications).where(eq(alertNotifications.userId, userId));
    expect(await s.dividends.reminders.sendDue(new Date("2021-12-05T23:59:00Z"))).toBe(0);
    expect(await s.dividends.reminders.sendDue(new Date("2021-12-06T00:00:00Z"))).toBe(1);
    expect(await s.dividends.reminders.sendDue(new Date("2021-12-06T01:00:00Z"))).toBe(0);
    const [n] = await bell();
    expect(n?.title).toMatch(/^Reminder: .+ goes ex-dividend$/);
    expect(n?.message).toContain("ex-date 2021-12-09, 0.5 SAR per share");
    await expect(
      s.dividends.reminders.set(userId, { actionId: action.id, daysBefore: 2, notifyEmail: false }),
    ).rejects.toThrow("Choose when to be reminded.");
  });

  it("tells a watcher once when a company on their watchlist goes ex within the week", async () => {
    const userId = await signUpVerified(s, "watcher@example.com", "Watcher");
    await s.watchlists.create(userId, "Gulf", "1120");
    await s.dividends.store("editor", [
      { symbol: "1120", kind: "dividend", exDate: "2021-12-09", amount: 1.2, currency: "SAR" },
    ]);
    const bell = async () =>
      (await s.db.select().from(alertNotifications).where(eq(alertNotifications.userId, userId))).filter(
        (n) => n.message.includes("2021-12-09"),
      );
    // 9 December is eight days after 1 December: not yet.
    await s.dividends.reminders.sendWatchNotices(new Date("2021-12-01T09:00:00Z"));
    expect(await bell()).toHaveLength(0);
    await s.dividends.reminders.sendWatchNotices(new Date("2021-12-03T09:00:00Z"));
    await s.dividends.reminders.sendWatchNotices(new Date("2021-12-04T09:00:00Z"));
    const mine = await bell();
    expect(mine).toHaveLength(1);
    expect(mine[0]!.title).toMatch(/goes ex-dividend soon$/);
    expect(mine[0]!.message).toContain("1.2 SAR per share");
  });
});
