import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#server/services";
import { signInCookie, signUpVerified } from "#server/testing/fixtures";
import { startTestHttpApp, type TestHttpApp } from "#server/testing/http-app";
import { createTestServices } from "#server/testing/test-services";

let s: Services;
let app: TestHttpApp;
let cookie: string;

beforeAll(async () => {
  s = await createTestServices();
  app = await startTestHttpApp(s);
  await signUpVerified(s, "api@portfolio.test", "Noura");
  cookie = await signInCookie(s, "api@portfolio.test");
}, 90_000);
afterAll(async () => {
  await app?.close();
  await s?.close();
});

const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(app.url + path, {
    method,
    headers: { cookie, "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    type: res.headers.get("content-type") ?? "",
    body: text ? JSON.parse(text) : null,
  };
};

describe("the portfolio API", () => {
  it("creates, lists, values, changes and deletes with the contract's statuses and shapes", async () => {
    const made = await call("POST", "/api/portfolios", { name: "Derayah", baseCurrency: "SAR" });
    expect(made.status).toBe(201);
    const id = made.body.portfolio.id;
    expect((await call("GET", "/api/portfolios")).body.portfolios).toEqual([made.body.portfolio]);
    const activity = await call("POST", `/api/portfolios/${id}/activities`, {
      ...{ type: "buy", date: "2024-01-03", symbol: "2222", quantity: 10, unitPrice: 27.5 },
    });
    expect(activity.status).toBe(201);
    const view = await call("GET", `/api/portfolios/${id}`);
    expect(view.body).toMatchObject({
      portfolio: { id, baseCurrency: "SAR" },
      activities: [{ symbol: "2222" }],
    });
    expect(view.body.snapshot.holdings.map((h: { symbol: string }) => h.symbol)).toEqual(["2222"]);
    expect((await call("PATCH", `/api/portfolios/${id}`, { name: "Derayah 2" })).body.portfolio.name).toBe(
      "Derayah 2",
    );
    expect((await call("DELETE", `/api/portfolios/${id}`)).status).toBe(204);
    expect((await call("GET", `/api/portfolios/${id}`)).status).toBe(404);
  });

  it("answers a bad body 400 with the field, in Arabic for the Arabic page", async () => {
    const id = (await call("POST", "/api/portfolios", { name: "P", baseCurrency: "SAR" })).body.portfolio.id;
    const sale = { type: "sell", date: "2024-01-04", symbol: "2222", quantity: 5, unitPrice: 28 };
    const en = await call("POST", `/api/portfolios/${id}/activities`, sale);
    expect(en).toMatchObject({
      status: 400,
      body: {
        ok: false,
        field: "quantity",
        error: "This sells more 2222 shares than the portfolio holds on 2024-01-04",
      },
    });
    const ar = await call("POST", `/api/portfolios/${id}/activities`, sale, {
      referer: `${app.url}/ar/portfolio`,
    });
    expect(ar.body).toMatchObject({
      field: "quantity",
      error: "هذا البيع يتجاوز عدد أسهم 2222 التي تملكها المحفظة في 2024-01-04",
      fields: { quantity: "هذا البيع يتجاوز عدد أسهم 2222 التي تملكها المحفظة في 2024-01-04" },
    });
    const noName = await call("POST", "/api/portfolios?lang=ar", { name: " ", baseCurrency: "SAR" });
    expect(noName).toMatchObject({ status: 400, body: { field: "name", error: "أدخل اسمًا للمحفظة" } });
    expect((await call("GET", `/api/portfolios/${id}`)).body.activities).toEqual([]);
  });

  it("exports a file to save and refuses a format it does not write", async () => {
    const id = (await call("POST", "/api/portfolios", { name: "Export", baseCurrency: "SAR" })).body.portfolio
      .id;
    const res = await fetch(`${app.url}/api/portfolios/${id}/export?format=ghostfolio`, {
      headers: { cookie },
    });
    expect(res.headers.get("content-disposition")).toContain("portfolio-Export-ghostfolio.json");
    expect((await res.json()).activities).toEqual([]);
    expect((await call("GET", `/api/portfolios/${id}/export?format=xlsx`)).body.field).toBe("format");
  });
});
