/**
 * The home page, the market overview and the screener are rendered once per state of their data
 * (decision record 033): with the page cache off, a second anonymous view within the same second
 * and the same market tick is the first render's bytes with its own CSP nonce; another language
 * is another render.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "../services";
import { startTestHttpApp, type TestHttpApp } from "../testing/http-app";
import { createTestServices } from "../testing/test-services";

let s: Services;
let app: TestHttpApp;

beforeAll(async () => {
  s = await createTestServices({ PAGE_CACHE_SECONDS: "0" });
  app = await startTestHttpApp(s);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await s?.close();
});

async function view(path: string) {
  const res = await fetch(app.url + path);
  expect(res.status).toBe(200);
  const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
  return { remembered: res.headers.get("x-render") === "remembered", nonce: nonce!, html: await res.text() };
}

/** Two views in one second of the page's clock (a pair that straddles a second is tried again). */
async function pairInOneSecond(path: string) {
  for (let attempt = 0; attempt < 5; attempt++) {
    await view(path); // warms the route's code, so the pair is quick
    const start = Math.ceil(Date.now() / 1000);
    const first = await view(path);
    const second = await view(path);
    if (Math.ceil(Date.now() / 1000) === start) return [first, second] as const;
  }
  throw new Error("no two views within one second");
}

describe("remembered renders of the home page", () => {
  it("serves the same data's render again with the request's own nonce", async () => {
    const [first, second] = await pairInOneSecond("/");
    expect(second.remembered).toBe(true);
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.html).toContain(`nonce="${second.nonce}"`);
    expect(second.html).not.toContain(first.nonce);
    expect(second.html.replaceAll(second.nonce, "N")).toBe(first.html.replaceAll(first.nonce, "N"));
  });

  for (const path of ["/markets", "/screener?exchange=TADAWUL"]) {
    it(`${path}: the same data's render again`, async () => {
      const [first, second] = await pairInOneSecond(path);
      expect(second.remembered).toBe(true);
      expect(second.html.replaceAll(second.nonce, "N")).toBe(first.html.replaceAll(first.nonce, "N"));
    });
  }

  it("another language is another render, with its own texts", async () => {
    await pairInOneSecond("/");
    const arabic = await view("/ar");
    expect(arabic.remembered).toBe(false);
    expect(arabic.html).toContain('lang="ar"');
  });
});
