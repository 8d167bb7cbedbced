/**
 * The market overview and the screener are public pages like the others: an anonymous view is
 * rendered once per address every few seconds and shared (public, s-maxage, one ETag), the
 * screener's whole screen being its address.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "../services";
import { startTestHttpApp, type TestHttpApp } from "../testing/http-app";
import { createTestServices } from "../testing/test-services";

let s: Services;
let app: TestHttpApp;

beforeAll(async () => {
  s = await createTestServices();
  app = await startTestHttpApp(s);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await s?.close();
});

describe("the overview pages in the page cache", () => {
  for (const path of [
    "/markets",
    "/ar/markets?market=TADAWUL",
    "/screener",
    "/screener?exchange=TADAWUL&sort=changePercent",
  ]) {
    it(`${path} is shared for a few seconds with one ETag`, async () => {
      const first = await fetch(app.url + path);
      expect(first.status).toBe(200);
      expect(first.headers.get("cache-control")).toMatch(
        /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/,
      );
      const html = await first.text();
      const second = await fetch(app.url + path);
      expect(second.headers.get("x-page-cache")).toBe("hit");
      expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
      expect(await second.text()).toBe(html);
    });
  }

  it("a bad screen (400) is not stored", async () => {
    const res = await fetch(`${app.url}/screener?priceMin=abc`);
    expect(res.status).toBe(400);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});
