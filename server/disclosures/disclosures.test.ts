import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  alertDeliveries,
  alertNotifications,
  alertTriggers,
  disclosures,
  webhookEndpoints,
} from "../db/schema";
import type { Services } from "../services";
import { signUpVerified } from "../testing/fixtures";
import { createTestServices } from "../testing/test-services";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

let s: Services;
let server: http.Server;
let base = "";
let admin = "";
const later = (hours: number) => new Date(Date.now() + hours * 3_600_000);

beforeAll(async () => {
  s = await createTestServices();
  server = http.createServer((req, res) => {
    const file = { "/en.xml": "boursa-en.rss.xml", "/ar.xml": "boursa-ar.rss.xml" }[req.url ?? ""];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8" }).end(fixture(file));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  admin = await signUpVerified(s, "editor@example.com", "Editor");
}, 60_000);
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  await s?.close();
});

const feed = (path: string, extra: Record<string, unknown>) =>
  s.disclosures.saveFeed(admin, {
    id: "",
    name: `Boursa Kuwait ${path}`,
    url: `${base}${path}`,
    exchange: "BOURSA_KUWAIT",
    enabled: true,
    ...extra,
  } as never);

describe("disclosures from an exchange feed", () => {
  it("maps items to companies by the feed's rule, sanitises them, keeps each once and lists a company's newest first", async () => {
    // A watcher of NBK with a default webhook, and a user who watches nothing.
    const watcher = await signUpVerified(s, "watcher@example.com", "Watcher");
    await signUpVerified(s, "bystander@example.com", "Bystander");
    await s.watchlists.create(watcher, "Kuwait banks", "NBK");
    await s.db
      .insert(webhookEndpoints)
      .values({ userId: watcher, url: "https://hooks.example.com/watcher", isDefault: true });
    await feed("/en.xml", {
      language: "en",
      field: "title",
      pattern: "^([A-Z][A-Z0-9]{1,11})\\s+-\\s",
      match: "symbol",
    });

    expect(await s.disclosures.pollDue()).toBe(3); // NBK twice (one repeated in the feed), KFH once; XYZQ is not listed
    const nbk = await s.disclosures.forSymbol("nbk");
    expect(nbk.map((d) => d.title)).toEqual([
      "NBK - Board of Directors Meeting Results",
      "NBK - Invitation to the Annual General Assembly",
    ]);
    expect(nbk[0]!.publishedAt).toBe("2026-11-26T09:15:00.000Z");
    expect(nbk[0]!.description).toContain("The board approved the interim results.");
    expect(nbk[0]!.description).not.toMatch(/<script|onclick|javascript:/i);
    expect(nbk[0]).toMatchObject({
      link: "https://www.boursakuwait.com.kw/en/news/disclosure/9001",
      source: "Boursa Kuwait /en.xml",
    });

    // Polled again: nothing is stored twice and nobody is told twice.
    expect(await s.disclosures.pollDue(later(2))).toBe(0);
    expect(await s.db.select().from(disclosures)).toHaveLength(3);

    const notices = await s.db
      .select()
      .from(alertNotifications)
      .where(eq(alertNotifications.userId, watcher));
    expect(notices.map((n) => n.title).sort()).toEqual([
      "New disclosure: National Bank of Kuwait S.A.K.P.",
      "New disclosure: National Bank of Kuwait S.A.K.P.",
    ]);
    expect(notices.map((n) => n.message)).toContain(
      "National Bank of Kuwait S.A.K.P. published: NBK - Board of Directors Meeting Results",
    );
    const triggers = await s.db.select().from(alertTriggers).where(eq(alertTriggers.source, "disclosure"));
    expect(triggers.every((t) => t.userId === watcher && t.symbol === "NBK")).toBe(true);
    expect(await s.db.select().from(alertNotifications)).toHaveLength(2);
    // The watcher's default webhook gets each notice (no push device is registered: no push).
    const deliveries = await s.db.select().from(alertDeliveries);
    expect(deliveries.map((d) => [d.userId, d.channel])).toEqual([
      [watcher, "webhook"],
      [watcher, "webhook"],
    ]);
  });

  it("an Arabic feed names companies in Arabic: the rule matches them by name", async () => {
    await feed("/ar.xml", { language: "ar", field: "title", pattern: "^(.+?)\\s+-\\s", match: "name" });
    expect(await s.disclosures.pollDue(later(3))).toBe(1);
    const kfh = await s.disclosures.forSymbol("KFH");
    expect(kfh.map((d) => [d.language, d.title])).toEqual([
      ["ar", "بيت التمويل الكويتي - تأكيد التصنيف الائتماني"],
      ["en", "KFH - Credit Rating Affirmed"],
    ]);
  });

  it("site search finds a disclosure and links to the company page's section", async () => {
    const { results } = await s.search.search("general assembly invitation");
    const hit = results.find((r) => r.source === "disclosure");
    expect(hit).toMatchObject({ url: "/markets/nbk#disclosures", type: "data", external: false });
  });

  it("a feed that fails keeps what was stored; one feed can be polled alone", async () => {
    const before = (await s.disclosures.feeds()).find((f) => f.url.endsWith("/en.xml"))!;
    const saved = await feed("/gone.xml", {
      language: "en",
      field: "title",
      pattern: "^(\\w+) -",
      match: "symbol",
    });
    // Only the feed asked for is polled (saving a feed in the admin polls that one at once).
    await s.disclosures.pollDue(later(4), { feedId: saved.id });
    const feeds = await s.disclosures.feeds();
    expect(feeds.find((f) => f.url.endsWith("/gone.xml"))!.lastError).toMatch(/404/);
    expect(feeds.find((f) => f.url.endsWith("/en.xml"))!.lastFetchedAt).toBe(before.lastFetchedAt);
    expect(await s.disclosures.forSymbol("NBK")).toHaveLength(2);
  });
});
