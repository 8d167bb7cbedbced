/**
 * SSRF (decision 013): feeds an admin adds cannot reach private, loopback or link-local addresses
 * unless FEEDS_ALLOW_PRIVATE is on — not by IP literal, not by a name that resolves there, not by
 * a redirect; the admin form says so when saving. The sample:// feeds and allowed loopback feeds
 * keep working.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, newsFeeds } from "../db/schema";
import type { Services } from "../services";
import { signUpVerified } from "../testing/fixtures";
import { createTestServices } from "../testing/test-services";
import { isPrivateAddress, PRIVATE_ADDRESS_MESSAGE, publicOnlyLookup } from "./address-guard";
import { fetchFeed } from "./fetcher";

const RSS = `<?xml version="1.0"?><rss version="2.0"><channel><title>T</title>
<item><title>Gulf markets rally</title><link>https://example.com/a</link><guid>a</guid></item></channel></rss>`;

let server: http.Server;
let base = "";
let hits = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits++;
    if (req.url === "/redirect-file")
      return void res.writeHead(302, { location: "file:///etc/passwd" }).end();
    if (req.url?.startsWith("/loop")) return void res.writeHead(302, { location: `/loop${hits}` }).end();
    if (req.url === "/moved") return void res.writeHead(301, { location: "/feed.xml" }).end();
    res.writeHead(200, { "content-type": "application/rss+xml" }).end(RSS);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("which addresses are private", () => {
  it.each([
    "127.0.0.1",
    "127.255.0.9",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "0.0.0.0",
    "100.64.0.1",
    "224.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "fe80::1",
    "fc00::1",
    "fd12:3456::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:169.254.169.254",
    // IPv6 addresses that carry an IPv4 one are judged by the IPv4 rules.
    "::127.0.0.1", // IPv4-compatible
    "::a00:1",
    "::ffff:0:127.0.0.1", // SIIT
    "::ffff:0:a9fe:a9fe",
    "64:ff9b::127.0.0.1", // NAT64, well-known prefix
    "64:ff9b::a9fe:a9fe",
    "64:ff9b:1::a00:1", // NAT64, local-use prefix: all of it
    "64:ff9b:1:ffff::808:808",
    "2002:a00:1::", // 6to4 of 10.0.0.1
    "2002:7f00:1::1",
    "2002:a9fe:a9fe::",
    "2001:0:4136:e378:8000:63bf:3fff:fdd2", // Teredo
    "2001:db8::1",
    "fec0::1",
    "fe80::1%eth0",
    "not-an-address",
  ])("%s is refused", (ip) => expect(isPrivateAddress(ip)).toBe(true));
  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "172.32.0.1",
    "2606:4700:4700::1111",
    "2a00:1450:4001::200e",
    "2001:4860:4860::8888",
    "64:ff9b::808:808", // NAT64 of 8.8.8.8
    "2002:808:808::1", // 6to4 of 8.8.8.8
  ])("%s is public", (ip) => expect(isPrivateAddress(ip)).toBe(false));
});

describe("fetching a feed", () => {
  it("refuses IP literals on private networks before any request", async () => {
    const before = hits;
    for (const url of [
      `${base}/feed.xml`,
      "http://169.254.169.254/latest/meta-data/",
      "http://[::1]:9/feed",
      "http://2130706433/feed", // 127.0.0.1 written as one number
      "http://0x7f.1/feed",
      "http://[::127.0.0.1]/feed",
      "http://[::ffff:0:127.0.0.1]/feed",
      "http://[64:ff9b:1::a00:1]/feed",
      "http://[2002:a00:1::]/feed",
    ]) {
      await expect(fetchFeed(url), url).rejects.toThrow(/blocked: .* is a private address/);
    }
    expect(hits).toBe(before);
  });

  it("refuses a name that resolves to a private address, at connect time", async () => {
    const before = hits;
    const port = (server.address() as AddressInfo).port;
    await expect(fetchFeed(`http://localhost:${port}/feed.xml`)).rejects.toThrow(
      /blocked: localhost is a private address \((127\.0\.0\.1|::1)\)/,
    );
    expect(hits).toBe(before);
    const err = await new Promise<Error | null>((resolve) =>
      publicOnlyLookup("localhost", { all: true }, (e) => resolve(e)),
    );
    expect(err?.message).toMatch(/blocked/);
  });

  it("with FEEDS_ALLOW_PRIVATE it fetches, and follows redirects hop by hop", async () => {
    const ok = await fetchFeed(`${base}/moved`, { allowPrivateAddresses: true });
    expect(ok.status).toBe("ok");
    await expect(fetchFeed(`${base}/redirect-file`, { allowPrivateAddresses: true })).rejects.toThrow(
      /unsupported URL scheme file:/,
    );
    await expect(fetchFeed(`${base}/loop`, { allowPrivateAddresses: true })).rejects.toThrow(
      /more than 5 redirects/,
    );
  });

  it("sample:// feeds need no network and always work", async () => {
    const res = await fetchFeed("sample://gulf-markets.rss.xml");
    expect(res.status).toBe("ok");
  });
});

describe("the news service and the admin form", () => {
  let s: Services;
  const admin = { id: "", email: "admin@example.com" };
  beforeAll(async () => {
    s = await createTestServices({ FEEDS_ALLOW_PRIVATE: "false" });
    admin.id = await signUpVerified(s, admin.email, "Admin");
  });
  afterAll(() => s.close());

  it("a polled feed on loopback fails with the reason, and the server gets no request", async () => {
    const before = hits;
    await s.db
      .insert(newsFeeds)
      .values({ url: `${base}/feed.xml`, name: "Intranet", nextFetchAt: new Date(0) });
    const reports = await s.news.poll();
    const mine = reports.find((r) => r.url === `${base}/feed.xml`)!;
    expect(mine.status).toBe("error");
    expect(mine.error).toMatch(/blocked: 127\.0\.0\.1 is a private address/);
    expect(hits).toBe(before);
  });

  it("the admin cannot save a feed on a private address; nothing is written", async () => {
    for (const url of [
      "http://127.0.0.1/feed",
      "http://169.254.169.254/latest",
      "http://[fe80::1]/x",
      "http://localhost/rss",
      "http://[::127.0.0.1]/rss",
      "http://[::ffff:0:127.0.0.1]/rss",
      "http://[64:ff9b:1::a00:1]/rss",
      "http://[2002:a00:1::]/rss",
    ]) {
      const before = await s.db.select().from(newsFeeds);
      const audits = await s.db.select().from(auditLog);
      const result = await s.admin.run(admin, {
        intent: "saveContent",
        entity: "feeds",
        url,
        name: "Internal",
        category: "markets",
        enabled: "on",
      });
      expect(result, url).toMatchObject({ ok: false, status: 400, fields: { url: PRIVATE_ADDRESS_MESSAGE } });
      expect(await s.db.select().from(newsFeeds)).toEqual(before);
      expect(await s.db.select().from(auditLog)).toEqual(audits);
    }
  });

  it("a feed address with a user name or password is refused, even where private ones are allowed", async () => {
    const message = "Feed addresses must not contain a user name or password.";
    const allowing = await createTestServices({ FEEDS_ALLOW_PRIVATE: "true" });
    try {
      const adminId = await signUpVerified(allowing, "admin@example.com", "Admin");
      for (const services of [s, allowing]) {
        const before = await services.db.select().from(newsFeeds);
        const result = await services.admin.run(
          { id: services === s ? admin.id : adminId, email: admin.email },
          {
            intent: "saveContent",
            entity: "feeds",
            url: "https://reader:hunter2@93.184.215.14/rss.xml",
            name: "Paywalled",
            category: "markets",
            enabled: "on",
          },
        );
        expect(result).toMatchObject({ ok: false, status: 400, fields: { url: message } });
        expect(JSON.stringify(result)).not.toContain("hunter2");
        expect(await services.db.select().from(newsFeeds)).toEqual(before);
      }
    } finally {
      await allowing.close();
    }
  });

  it("a public feed address is saved", async () => {
    const result = await s.admin.run(admin, {
      intent: "saveContent",
      entity: "feeds",
      url: "https://93.184.215.14/rss.xml",
      name: "Public",
      category: "markets",
      enabled: "on",
    });
    expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
    expect(await s.db.select().from(newsFeeds).where(eq(newsFeeds.name, "Public"))).toHaveLength(1);
  });
});
