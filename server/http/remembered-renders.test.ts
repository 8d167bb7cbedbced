/**
 * The alerts page, the reader's own, is rendered once per state of its data: a second view with
 * the same data is the first render's bytes (with its own CSP nonce), and any change to the data
 * (an alert created, another reader) renders anew. Through the real Express app and route modules.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "../services";
import { signInCookie, signUpVerified } from "../testing/fixtures";
import { startTestHttpApp, type TestHttpApp } from "../testing/http-app";
import { createTestServices } from "../testing/test-services";

let s: Services;
let app: TestHttpApp;
let alyaId: string;
let alya: string;
let badr: string;

beforeAll(async () => {
  s = await createTestServices();
  app = await startTestHttpApp(s);
  alyaId = await signUpVerified(s, "alya.renders@example.com", "Alya");
  await signUpVerified(s, "badr.renders@example.com", "Badr");
  alya = await signInCookie(s, "alya.renders@example.com");
  badr = await signInCookie(s, "badr.renders@example.com");
}, 120_000);

afterAll(async () => {
  await app?.close();
  await s?.close();
});

async function view(path: string, cookie: string) {
  const res = await fetch(app.url + path, { headers: { cookie } });
  expect(res.status).toBe(200);
  const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
  return { remembered: res.headers.get("x-render") === "remembered", nonce: nonce!, html: await res.text() };
}

describe("remembered renders of the alerts page", () => {
  it("serves the same data's render again with the request's own nonce, and renders anew when the data changes", async () => {
    await s.alerts.create(alyaId, { symbol: "TASI", alertType: "above", targetValue: 99_999 });
    const first = await view("/price-alerts", alya);
    const second = await view("/price-alerts", alya);
    expect(first.remembered).toBe(false);
    expect(second.remembered).toBe(true);
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.html).toContain(`nonce="${second.nonce}"`);
    expect(second.html).not.toContain(first.nonce);
    expect(second.html.replaceAll(second.nonce, "N")).toBe(first.html.replaceAll(first.nonce, "N"));

    // A new alert is new data: the next view is a new render that lists it.
    await s.alerts.create(alyaId, { symbol: "BRENT", alertType: "below", targetValue: 1 });
    const third = await view("/price-alerts", alya);
    expect(third.remembered).toBe(false);
    expect(third.html).toContain("BRENT");
  });

  it("another reader, another tab or another language is another render", async () => {
    await view("/price-alerts", alya);
    const other = await view("/price-alerts", badr);
    expect(other.remembered).toBe(false);
    expect(other.html).not.toContain("alya.renders@example.com");
    expect((await view("/price-alerts?tab=history", alya)).remembered).toBe(false);
    expect((await view("/ar/price-alerts", alya)).remembered).toBe(false);
  });

  it("pages that did not ask for it are rendered every time", async () => {
    await view("/account", alya);
    expect((await view("/account", alya)).remembered).toBe(false);
  });
});
