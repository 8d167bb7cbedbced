import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantAdmin } from "../auth/roles";
import type { Services } from "../services";
import { fingerprintTables, signInCookie, signUpVerified } from "../testing/fixtures";
import { startTestHttpApp, type TestHttpApp } from "../testing/http-app";
import { createTestServices } from "../testing/test-services";

let s: Services;
let app: TestHttpApp;
let admin = "";
const TABLES = ["shariah_rulings", "audit_log"];
const LIST = "https://www.alrajhi-capital.sa/list";

beforeAll(async () => {
  s = await createTestServices();
  app = await startTestHttpApp(s);
  await grantAdmin(s.db, await signUpVerified(s, "admin@example.com", "Admin"));
  admin = await signInCookie(s, "admin@example.com");
}, 90_000);
afterAll(async () => {
  await app?.close();
  await s?.close();
});

const post = (path: string, body: unknown) =>
  fetch(app.url + path, {
    method: "POST",
    headers: { cookie: admin, "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
  });

describe("Shariah rulings over HTTP", () => {
  it("the import endpoint answers 400 naming each bad row and writes nothing; then imports a good file", async () => {
    const before = await fingerprintTables(s, TABLES);
    const bad = await post("/api/admin/shariah/import", {
      csv: `symbol,authority,ruling,listDate,listUrl\n2222,alrajhi-capital,compliant,2025-08-23,${LIST}\nZZZZ,alrajhi-capital,maybe,2025-08-23,${LIST}`,
      dryRun: false,
    });
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.rowErrors.map((e: { row: number; field: string }) => `${e.row}:${e.field}`)).toEqual([
      "3:symbol",
      "3:ruling",
    ]);
    expect(body.rowErrors[1].message.ar).toContain("compliant");
    expect(await fingerprintTables(s, TABLES)).toBe(before);
    const dry = await post("/api/admin/shariah/import", {
      csv: `symbol,authority,ruling,listDate,listUrl,purificationPerShare\n2222,alrajhi-capital,compliant,2025-08-23,${LIST},0.08`,
      dryRun: true,
    });
    expect(await dry.json()).toMatchObject({ ok: true, dryRun: true, rows: 1, inserted: 1 });
    expect(await fingerprintTables(s, TABLES)).toBe(before);
    const done = await post("/api/admin/shariah/import", {
      csv: `symbol,authority,ruling,listDate,listUrl,purificationPerShare\n2222,alrajhi-capital,compliant,2025-08-23,${LIST},0.08`,
      dryRun: false,
    });
    expect(await done.json()).toMatchObject({ ok: true, dryRun: false, rows: 1 });
  });

  it("GET /api/instruments/:symbol carries the company's rulings with their lists and sources", async () => {
    const res = await fetch(`${app.url}/api/instruments/2222`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.shariah).toEqual([
      {
        symbol: "2222",
        authority: {
          id: "alrajhi-capital",
          nameEn: "Al Rajhi Capital Shariah Board",
          nameAr: "الهيئة الشرعية للراجحي المالية",
          url: "https://www.alrajhi-capital.sa",
        },
        ruling: "compliant",
        listDate: "2025-08-23",
        listUrl: LIST,
        purificationPerShare: "0.08",
        source: "",
      },
    ]);
  });

  it("the company page marks each source note with its own language, on the Arabic page too", async () => {
    const imported = await post("/api/admin/shariah/import", {
      csv: [
        "symbol,authority,ruling,listDate,listUrl,purificationPerShare,source",
        `2010,alrajhi-capital,compliant,2025-08-23,${LIST},,قائمة الراجحي المالية لشهر أغسطس 2025`,
        `2010,albilad-capital,mixed,2025-07-01,${LIST},,Albilad Capital list of July 2025`,
      ].join("\n"),
      dryRun: false,
    });
    expect(imported.status).toBe(200);
    for (const path of ["/markets/2010", "/ar/markets/2010"]) {
      const html = await (await fetch(app.url + path)).text();
      const notes = [
        ...html.matchAll(/<bdi lang="(\w+)" dir="(\w+)" data-field="shariah-source">([^<]*)<\/bdi>/g),
      ];
      const byText = Object.fromEntries(notes.map((m) => [m[3], `${m[1]} ${m[2]}`]));
      expect(byText["قائمة الراجحي المالية لشهر أغسطس 2025"], path).toBe("ar rtl");
      expect(byText["Albilad Capital list of July 2025"], path).toBe("en ltr");
    }
  });

  it("an instrument that is not a company answers with no rulings and no disclosures", async () => {
    const res = await fetch(`${app.url}/api/instruments/BTC`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ shariah: [], disclosures: [] });
  });

  it("one row with bad fields is refused with 400 and each field's reason", async () => {
    const res = await post("/api/admin/shariah", {
      symbol: "2222",
      authority: "tanmia",
      ruling: "compliant",
      listDate: "2025-02-30",
      listUrl: "javascript:alert(1)",
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.rowErrors.map((e: { field: string }) => e.field)).toEqual(["listDate", "listUrl"]);
  });
});
