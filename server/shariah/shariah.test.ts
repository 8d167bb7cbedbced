import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, shariahRulings } from "../db/schema";
import type { Services } from "../services";
import { fingerprintTables, signUpVerified } from "../testing/fixtures";
import { createTestServices } from "../testing/test-services";
import shipped from "./seed-rulings.json";

let s: Services;
let editor: string;
const TABLES = ["shariah_rulings", "shariah_authorities", "audit_log"];
const HEADER = "symbol,authority,ruling,listDate,listUrl,purificationPerShare,source";
const URL = "https://almaqased.net/list-2025";

beforeAll(async () => {
  s = await createTestServices();
  editor = await signUpVerified(s, "editor@example.com", "Editor");
  await s.shariah.authorities();
}, 60_000);
afterAll(async () => s?.close());

const csv = (...lines: string[]) => [HEADER, ...lines].join("\r\n");

describe("Shariah CSV import", () => {
  it("refuses a file with bad rows whole, naming each bad row's line, field and reason in both languages", async () => {
    const before = await fingerprintTables(s, TABLES);
    const result = await s.shariah.importCsv(
      editor,
      csv(
        `2222,alrajhi-capital,compliant,2025-08-23,${URL},,Argaam`,
        `NOPE9,alrajhi-capital,compliant,2025-08-23,${URL},,`,
        `1120,no-such-board,halal,2025-13-01,http://example.com,,`,
        `2222,alrajhi-capital,compliant,2025-08-23,${URL},0.5,`,
        `2010,tanmia,mixed,2025-08-23,${URL},-1,`,
      ),
      { dryRun: false },
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const named = result.errors.map((e) => `${e.row}:${e.field}:${e.code}`);
    expect(named).toEqual([
      "3:symbol:unknownSymbol",
      "4:authority:unknownAuthority",
      "4:ruling:badRuling",
      "4:listDate:badDate",
      "4:listUrl:badUrl",
      "5:symbol:duplicate",
      "6:purificationPerShare:badAmount",
    ]);
    for (const e of result.errors) {
      expect(e.message.en.length).toBeGreaterThan(5);
      expect(e.message.ar).toMatch(/[\u0600-\u06ff]/);
    }
    // The good first row was not written either: the file is taken whole or not at all.
    expect(await fingerprintTables(s, TABLES)).toBe(before);
  });

  it("a dry run of a good file says what it would do and writes nothing", async () => {
    const before = await fingerprintTables(s, TABLES);
    const result = await s.shariah.importCsv(
      editor,
      csv(
        `2222,alrajhi-capital,compliant,2025-08-23,${URL},,Argaam`,
        `1120,albilad-capital,mixed,2025-08-01,${URL},0.12,`,
      ),
      { dryRun: true },
    );
    expect(result).toEqual({ ok: true, dryRun: true, rows: 2, inserted: 2, updated: 0 });
    expect(await fingerprintTables(s, TABLES)).toBe(before);
  });

  it("a good file is written in one go, audited, and a later list replaces a company's ruling by that board", async () => {
    const first = await s.shariah.importCsv(
      editor,
      csv(
        `2222,alrajhi-capital,compliant,2025-08-23,${URL},,Argaam`,
        `"1120",ALBILAD-CAPITAL,Mixed,2025-08-01,${URL},0.12,"Albilad, list of August"`,
      ),
      { dryRun: false },
    );
    expect(first).toEqual({ ok: true, dryRun: false, rows: 2, inserted: 2, updated: 0 });
    const again = await s.shariah.importCsv(
      editor,
      csv(`2222,alrajhi-capital,non-compliant,2025-09-30,${URL},,`),
      {
        dryRun: false,
      },
    );
    expect(again).toEqual({ ok: true, dryRun: false, rows: 1, inserted: 0, updated: 1 });
    const aramco = await s.shariah.forSymbol("2222");
    expect(aramco.find((r) => r.authority.id === "alrajhi-capital")).toMatchObject({
      ruling: "non-compliant",
      listDate: "2025-09-30",
    });
    const rajhi = await s.shariah.forSymbol("1120");
    expect(rajhi[0]).toMatchObject({
      ruling: "mixed",
      purificationPerShare: "0.12",
      source: "Albilad, list of August",
      authority: { id: "albilad-capital", nameAr: "الهيئة الشرعية للبلاد المالية" },
    });
    const audits = await s.db.select().from(auditLog).where(eq(auditLog.action, "shariah.import"));
    expect(audits).toHaveLength(2);
  });

  it("refuses a file without the header, or with unclosed quotes, as a whole", async () => {
    const noHeader = await s.shariah.importCsv(editor, `2222,alrajhi-capital,compliant,2025-08-23,${URL}`, {
      dryRun: true,
    });
    expect(noHeader).toMatchObject({ ok: false, errors: [{ row: 1, field: "file", code: "badHeader" }] });
    const broken = await s.shariah.importCsv(editor, csv(`2222,"alrajhi-capital,compliant`), {
      dryRun: true,
    });
    expect(broken).toMatchObject({ ok: false, errors: [{ row: 2, field: "file", code: "badCsv" }] });
  });
});

describe("one row in the admin", () => {
  it("saves a row and names every bad field without writing", async () => {
    const before = await fingerprintTables(s, TABLES);
    const bad = await s.shariah.save(editor, {
      symbol: "2222",
      authority: "tanmia",
      ruling: "",
      listDate: "2999-01-01",
      listUrl: URL,
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok)
      expect(bad.errors.map((e) => `${e.field}:${e.code}`)).toEqual(["ruling:required", "listDate:badDate"]);
    expect(await fingerprintTables(s, TABLES)).toBe(before);
    const good = await s.shariah.save(editor, {
      symbol: "2222",
      authority: "tanmia",
      ruling: "compliant",
      listDate: "2025-08-23",
      listUrl: URL,
      purificationPerShare: "0.0800",
    });
    expect(good).toMatchObject({ ok: true, ruling: { symbol: "2222", purificationPerShare: "0.0800" } });
    expect(await s.shariah.remove(editor, "2222", "tanmia")).toBe(true);
    expect(await s.shariah.remove(editor, "2222", "tanmia")).toBe(false);
  });
});

describe("the shipped seed", () => {
  it("adds the cross-checked rows once and never overwrites an editor's row", async () => {
    const symbol = shipped.symbols[0]!;
    await s.shariah.save(editor, {
      symbol,
      authority: "almaqased",
      ruling: "mixed",
      listDate: "2025-10-01",
      listUrl: URL,
    });
    const added = await s.shariah.seed();
    expect(added).toBeGreaterThan(200);
    expect(await s.shariah.seed()).toBe(0);
    const [kept] = await s.shariah.forSymbol(symbol);
    expect(kept).toMatchObject({ ruling: "mixed", listDate: "2025-10-01" });
    const seeded = await s.db
      .select()
      .from(shariahRulings)
      .where(eq(shariahRulings.symbol, shipped.symbols[1]!));
    expect(seeded[0]).toMatchObject({
      ruling: "compliant",
      listDate: "2025-08-23",
      authorityId: "almaqased",
    });
  });
});
