/**
 * The screener's Shariah and dividend-yield filters on the real services and database: rulings and
 * dividends stored, the overview's periodic read picks them up, and each filter keeps exactly the
 * companies worked out by hand; the yield is the company page's trailing yield, in percent.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseScreenerQuery } from "#common/screener";
import { corporateActions, shariahRulings } from "../db/schema";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";
import { summarise } from "./facts";

// Sunday 22 November 2026: the trailing twelve months run from 23 November 2025.
let now = Date.parse("2026-11-22T09:30:00Z");
let s: Services;

const ruling = (symbol: string, authorityId: string, value: "compliant" | "non-compliant" | "mixed") => ({
  symbol,
  authorityId,
  ruling: value,
  listDate: "2026-10-01",
  listUrl: "https://example.com/list",
});
const dividend = (symbol: string, exDate: string, amount: number, currency = "SAR") => ({
  symbol,
  kind: "dividend",
  exDate,
  amount,
  currency,
  source: "editor",
  byEditor: true,
});

beforeAll(async () => {
  s = await createTestServices({}, { market: { clock: () => now } });
  await s.shariah.authorities();
  await s.db.delete(shariahRulings);
  await s.db.delete(corporateActions);
  await s.db
    .insert(shariahRulings)
    .values([
      ruling("2222", "almaqased", "compliant"),
      ruling("2222", "alrajhi-capital", "compliant"),
      ruling("1120", "almaqased", "compliant"),
      ruling("1120", "albilad-capital", "non-compliant"),
      ruling("2010", "tanmia", "non-compliant"),
      ruling("7010", "almaqased", "mixed"),
    ]);
  await s.db.insert(corporateActions).values([
    dividend("2222", "2026-05-01", 1),
    dividend("2222", "2026-08-01", 0.5),
    dividend("2222", "2025-10-01", 2), // before the trailing twelve months: left out
    dividend("2222", "2026-09-01", 3, "USD"), // another currency than the listing's: left out
    dividend("1120", "2026-06-01", 0.2),
  ]);
  await s.market.tick(now);
  await s.overview.ready();
  // The screener's facts are read again at the next tick a minute or more later.
  now += 5 * 60_000;
  await s.market.tick(now);
  await s.overview.ready();
}, 120_000);

afterAll(async () => {
  await s?.close();
});

const run = (q: string) => {
  const parsed = parseScreenerQuery(new URLSearchParams(`limit=200&${q}`));
  if (!parsed.ok) throw new Error(parsed.error);
  return s.overview.screen(parsed.query);
};
const symbols = (q: string) =>
  run(q)
    .rows.map((r) => r.symbol)
    .sort();

describe("the Shariah filter", () => {
  it("summarises several boards: all compliant, all non-compliant, otherwise mixed; none is unrated", () => {
    expect(summarise(["compliant", "compliant"])).toBe("compliant");
    expect(summarise(["non-compliant"])).toBe("noncompliant");
    expect(summarise(["compliant", "non-compliant"])).toBe("mixed");
    expect(summarise(["compliant", "mixed"])).toBe("mixed");
    expect(summarise([])).toBe("unrated");
  });

  it("keeps the companies with that summary, and every row carries its summary", () => {
    expect(symbols("shariah=compliant")).toEqual(["2222"]);
    expect(symbols("shariah=noncompliant")).toEqual(["2010"]);
    expect(symbols("shariah=mixed")).toEqual(["1120", "7010"]);
    const unrated = run("shariah=unrated");
    expect(unrated.total).toBe(s.overview.rows().length - 4);
    expect(unrated.rows.every((r) => r.shariah === "unrated")).toBe(true);
    expect(run("exchange=TADAWUL&sector=Energy").rows.find((r) => r.symbol === "2222")?.shariah).toBe(
      "compliant",
    );
  });
});

describe("the dividend-yield filter", () => {
  it("gives each row the company page's trailing yield in percent, null without a dividend", async () => {
    const aramco = run("shariah=compliant").rows[0]!;
    const page = await s.dividends.trailingYield("2222", aramco.price);
    expect(page?.basis.total).toBe(1.5);
    expect(aramco.dividendYield).toBe(Math.round(page!.value * 10_000) / 100);
    expect(aramco.dividendYield).toBe(Math.round((1.5 / aramco.price) * 10_000) / 100);
    expect(run("shariah=noncompliant").rows[0]!.dividendYield).toBeNull();
  });

  it("keeps only companies with a yield within the bounds", () => {
    expect(symbols("yieldMin=0")).toEqual(["1120", "2222"]);
    const aramco = run("shariah=compliant").rows[0]!.dividendYield!;
    const rajhi = run("shariah=mixed").rows.find((r) => r.symbol === "1120")!.dividendYield!;
    expect(aramco).not.toBe(rajhi);
    const [low, high] = aramco < rajhi ? [aramco, rajhi] : [rajhi, aramco];
    const lowSymbol = low === aramco ? "2222" : "1120";
    const highSymbol = low === aramco ? "1120" : "2222";
    expect(symbols(`yieldMax=${low}`)).toEqual([lowSymbol]);
    expect(symbols(`yieldMin=${high}`)).toEqual([highSymbol]);
    expect(symbols(`yieldMin=${low}&yieldMax=${high}`)).toEqual(["1120", "2222"]);
    expect(symbols(`shariah=compliant&yieldMin=${high + 0.01}`)).toEqual([]);
  });
});

describe("a saved screen's membership", () => {
  it("is the screener's own answer for Shariah and yield filters (what enter and leave alerts compare)", () => {
    for (const q of ["shariah=compliant", "shariah=unrated&exchange=TADAWUL", "yieldMin=0.01"]) {
      const parsed = parseScreenerQuery(new URLSearchParams(q));
      if (!parsed.ok) throw new Error(parsed.error);
      const members = s.overview
        .rows()
        .filter((r) => s.overview.matches(r, parsed.query))
        .map((r) => r.symbol)
        .sort();
      const answer = run(q);
      expect(members.length).toBeGreaterThan(0);
      expect(members.length).toBe(answer.total);
      expect(members).toEqual(expect.arrayContaining(answer.rows.map((r) => r.symbol)));
    }
  });
});

describe("a changed ruling", () => {
  it("shows in the screener at the next read, a minute later", async () => {
    await s.db.insert(shariahRulings).values(ruling("1180", "tanmia", "compliant"));
    now += 60_000;
    await s.market.tick(now);
    await s.overview.ready();
    expect(symbols("shariah=compliant")).toEqual(["1180", "2222"]);
  });
});

describe("the query", () => {
  it("refuses a bad Shariah status or yield bound, naming the field", () => {
    const bad = (q: string) => parseScreenerQuery(new URLSearchParams(q));
    expect(bad("shariah=halal")).toMatchObject({ ok: false, field: "shariah" });
    expect(bad("yieldMin=abc")).toMatchObject({ ok: false, field: "yieldMin" });
    expect(bad("yieldMax=101")).toMatchObject({ ok: false, field: "yieldMax" });
    expect(bad("yieldMin=5&yieldMax=2")).toMatchObject({ ok: false, error: "yieldMin: at most yieldMax" });
  });
});
