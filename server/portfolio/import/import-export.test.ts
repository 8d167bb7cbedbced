import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portfolioActivities, user } from "../../db/schema";
import type { Services } from "../../services";
import { createTestServices } from "../../testing/test-services";

let s: Services;
let owner = "";
let n = 0;
const fresh = async () => (await s.portfolios.create(owner, { name: `P${++n}`, baseCurrency: "SAR" })).id;
const stored = async () =>
  (await s.db.select({ n: sql<number>`count(*)::int` }).from(portfolioActivities))[0]!.n;
/** What an activity says, without the ids and order the server assigns. */
const facts = (list: Array<Record<string, unknown>>) =>
  list.map(({ id: _id, sequence: _sequence, ...rest }) => rest);

beforeAll(async () => {
  s = await createTestServices();
  owner = "importer";
  await s.db
    .insert(user)
    .values({ id: owner, name: "I", email: "importer@example.com", emailVerified: true });
});
afterAll(() => s?.close());

const CSV = [
  "Date,Type,Symbol,Quantity,Price,Commission,VAT,Currency,Amount,Note",
  "2024-01-02,deposit,,,,,,SAR,10000,",
  "2024-01-03,buy,2222,100,27.5,27.5,4.13,,,first lot",
  "2024-02-05,buy,1120,abc,90,9,1.35,,,",
  "2024-03-01,sell,2222,40,29,11.6,1.74,,,",
].join("\n");

describe("CSV import", () => {
  it("a file with one bad row writes nothing and names the row and field, also as a dry run", async () => {
    const id = await fresh();
    const before = await stored();
    for (const dryRun of [false, true]) {
      const result = await s.portfolios.importActivities(owner, id, { format: "csv", content: CSV, dryRun });
      expect(result).toMatchObject({ valid: false, written: 0 });
      expect(result.rows.filter((r) => r.errors.length)).toEqual([
        { row: 3, errors: [{ field: "quantity", message: 'Not a number: "abc"' }] },
      ]);
    }
    expect(await stored()).toBe(before);
  });

  it("the fixed file previews as a dry run, then imports every row in one go", async () => {
    const id = await fresh();
    const fixed = CSV.replace("1120,abc", "1120,50");
    const preview = await s.portfolios.importActivities(owner, id, {
      format: "csv",
      content: fixed,
      dryRun: true,
    });
    expect(preview).toMatchObject({ valid: true, written: 0 });
    expect(preview.rows[1]!.activity).toMatchObject({
      type: "buy",
      symbol: "2222",
      quantity: 100,
      unitPrice: 27.5,
      vat: 4.13,
    });
    expect((await s.portfolios.get(owner, id)).activities).toEqual([]);
    const done = await s.portfolios.importActivities(owner, id, {
      format: "csv",
      content: fixed,
      dryRun: false,
    });
    expect(done).toMatchObject({ valid: true, written: 4 });
    expect((await s.portfolios.get(owner, id)).activities.map((a) => a.type)).toEqual([
      "deposit",
      "buy",
      "buy",
      "sell",
    ]);
  });

  it("a sale beyond the holdings (with the portfolio's own activities) is the row's error", async () => {
    const id = await fresh();
    const file =
      "date,type,symbol,quantity,unitPrice\n2024-01-03,buy,2222,10,27\n2024-01-04,sell,2222,11,28\n";
    const result = await s.portfolios.importActivities(owner, id, {
      format: "csv",
      content: file,
      dryRun: false,
    });
    expect(result.written).toBe(0);
    expect(result.rows[1]!.errors).toEqual([
      { field: "quantity", message: "This sells more 2222 shares than the portfolio holds on 2024-01-04" },
    ]);
  });

  it("reads a Gulf broker's Arabic statement: Arabic headings and words, day-first dates, Arabic-Indic digits", async () => {
    const id = await fresh();
    const file = [
      "التاريخ,نوع العملية,رمز السهم,الكمية,سعر التنفيذ,العمولة,ضريبة القيمة المضافة",
      "03/01/2024,شراء,2222,١٠٠,٢٧٫٥,27.5,4.13",
      "01/03/2024,بيع,2222,40,29,11.6,1.74",
    ].join("\r\n");
    const result = await s.portfolios.importActivities(owner, id, {
      format: "csv",
      content: file,
      dryRun: false,
    });
    expect(result).toMatchObject({ valid: true, written: 2 });
    expect(result.rows.map((r) => r.activity)).toMatchObject([
      { type: "buy", date: "2024-01-03", quantity: 100, unitPrice: 27.5, commission: 27.5, vat: 4.13 },
      { type: "sell", date: "2024-03-01", quantity: 40, unitPrice: 29 },
    ]);
  });

  it("takes the reader's column mapping over the headings, and refuses a mapping to a missing column", async () => {
    const id = await fresh();
    const file = "When;Side;Ticker;Shares;Each\n2024-01-03;B;2222;5;27\n";
    const mapping = { date: "When", type: "Side", symbol: "Ticker", quantity: "Shares", unitPrice: "Each" };
    const result = await s.portfolios.importActivities(owner, id, {
      format: "csv",
      content: file,
      mapping,
      dryRun: true,
    });
    expect(result.rows[0]!.activity).toMatchObject({ type: "buy", quantity: 5, unitPrice: 27 });
    await expect(
      s.portfolios.importActivities(owner, id, {
        format: "csv",
        content: file,
        mapping: { date: "Day" },
        dryRun: true,
      }),
    ).rejects.toMatchObject({ status: 400, fields: { mapping: 'The file has no column "Day"' } });
  });
});

describe("Ghostfolio's format", () => {
  const file = readFileSync(new URL("./fixtures/ghostfolio-gulf.json", import.meta.url), "utf8");

  it("imports its export (Yahoo's .SR symbols, a manual fee, a dividend as quantity × unit price)", async () => {
    const id = await fresh();
    const result = await s.portfolios.importActivities(owner, id, {
      format: "ghostfolio",
      content: file,
      dryRun: false,
    });
    expect(result.rows.flatMap((r) => r.errors)).toEqual([]);
    expect(result.written).toBe(5);
    const { activities } = await s.portfolios.get(owner, id);
    expect(
      activities.map((a) => [a.type, a.symbol, a.quantity, a.unitPrice, a.amount, a.commission]),
    ).toEqual([
      ["fee", null, 0, 0, 49, 0],
      ["buy", "2222", 200, 27.5, 0, 25],
      ["buy", "2222", 100, 30, 0, 12.5],
      ["dividend", "2222", 300, 0, 150, 0],
      ["sell", "2222", 150, 29, 0, 10],
    ]);
    expect(activities[0]!.note).toBe("Account Opening Fee");
  });

  it("round trip: what it exports imports back as the same activities", async () => {
    const first = await fresh();
    await s.portfolios.importActivities(owner, first, { format: "ghostfolio", content: file, dryRun: false });
    const exported = await s.portfolios.exportActivities(owner, first, "ghostfolio");
    const parsed = JSON.parse(exported.body);
    expect(parsed.activities[1]).toMatchObject({
      type: "BUY",
      symbol: "2222",
      quantity: 200,
      unitPrice: 27.5,
      fee: 25,
    });
    const second = await fresh();
    const back = await s.portfolios.importActivities(owner, second, {
      format: "ghostfolio",
      content: exported.body,
      dryRun: false,
    });
    expect(back.written).toBe(5);
    const a = (await s.portfolios.get(owner, first)).activities;
    const b = (await s.portfolios.get(owner, second)).activities;
    expect(facts(b as never)).toEqual(facts(a as never));
  });

  it("refuses a file that is not its export", async () => {
    const id = await fresh();
    await expect(
      s.portfolios.importActivities(owner, id, {
        format: "ghostfolio",
        content: '{"orders":[]}',
        dryRun: true,
      }),
    ).rejects.toMatchObject({ status: 400, fields: { content: expect.stringContaining("Ghostfolio") } });
  });
});

describe("export", () => {
  it("CSV cells beginning with = + - @ are escaped; the file imports back as the same activities", async () => {
    const id = await fresh();
    for (const note of ['=HYPERLINK("http://evil")', "+1", "-2", "@SUM(A1)", 'plain, with "quotes"']) {
      await s.portfolios.addActivity(owner, id, {
        type: "deposit",
        date: "2024-01-02",
        currency: "SAR",
        amount: 10,
        note,
      });
    }
    const csv = await s.portfolios.exportActivities(owner, id, "csv");
    expect(csv.contentType).toContain("text/csv");
    expect(csv.body.startsWith("\uFEFF")).toBe(true);
    const lines = csv.body.slice(1).trim().split("\r\n");
    expect(lines[0]).toBe(
      "date,type,symbol,quantity,unitPrice,currency,amount,commission,vat,withholding,splitRatio,note",
    );
    expect(lines.slice(1).map((l) => l.split(",").slice(11).join(","))).toEqual([
      '"\'=HYPERLINK(""http://evil"")"',
      "'+1",
      "'-2",
      "'@SUM(A1)",
      '"plain, with ""quotes"""',
    ]);
    const json = JSON.parse((await s.portfolios.exportActivities(owner, id, "json")).body);
    expect(json.activities).toHaveLength(5);
    await expect(s.portfolios.exportActivities(owner, id, "xlsx")).rejects.toMatchObject({ status: 400 });
    const copy = await fresh();
    const back = await s.portfolios.importActivities(owner, copy, {
      format: "csv",
      content: csv.body,
      dryRun: false,
    });
    expect(back.written).toBe(5);
    // The apostrophe a spreadsheet hides stays part of the text: the notes come back escaped.
    expect((await s.portfolios.get(owner, copy)).activities.map((a) => a.amount)).toEqual([
      10, 10, 10, 10, 10,
    ]);
  });
});
