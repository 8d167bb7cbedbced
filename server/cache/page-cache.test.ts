import crypto from "node:crypto";
import type http from "node:http";
import { get as httpGet } from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { classify, createPageCache, matchesEtag } from "./page-cache";

/**
 * The cache middleware in a real Express app with compression and a per-request CSP nonce, like
 * server/http/app.ts. The "render" stands in for React Router: it embeds the request's nonce in the
 * page, counts its calls and can be told to answer with a cookie, an error or a redirect.
 */
let clock = 1_000_000;
let renders = 0;
let uncached = 0;
let server: http.Server;
let base: string;
let cache: ReturnType<typeof createPageCache>;

beforeAll(async () => {
  const app = express();
  // As in server/http/app.ts: stored pages go out before the middleware that made them.
  app.use((req, res, next) => cache.hits(req, res, next));
  app.use((_req, res, next) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    res.setHeader("Content-Security-Policy", `script-src 'nonce-${nonce}' 'strict-dynamic'`);
    res.setHeader("X-Frame-Options", "DENY");
    next();
  });
  app.use(compression());
  cache = createPageCache({
    ttlSeconds: 5,
    now: () => clock,
    render: async (req, res) => {
      // /mine asks who reads it; /zoned shows times in the reader's zone when no cookie names one.
      const reads = { user: req.path === "/mine", timeZone: req.path === "/zoned" };
      return { response: await render(req, res), reads: () => reads };
    },
    // A session token "valid-<name>" is a signed-in reader; "zoned-<name>" one with a saved zone.
    async personalize(req) {
      const token = /better-auth\.session_token=(valid|zoned)-(\w+)/.exec(req.headers.cookie ?? "");
      if (!token) return null;
      return {
        insert: Buffer.from(`<script type="application/json">"${token[2]}"</script>`),
        hasSavedTimeZone: async () => token[1] === "zoned",
      };
    },
  });
  async function render(req: express.Request, res: express.Response) {
    {
      renders++;
      const nonce = res.locals.nonce as string;
      // The cookies the render saw are in the page: a shared copy must have seen only its variant's.
      const html = `<!doctype html><html><head><title>t</title></head><body><h1>${req.path}</h1><p>cookies: ${req.headers.cookie ?? "none"}</p><script nonce="${nonce}">1</script>${"x".repeat(2000)}</body></html>`;
      if (req.path === "/cookie")
        return new Response(html, { headers: { "Content-Type": "text/html", "Set-Cookie": "a=1; Path=/" } });
      if (req.path === "/missing")
        return new Response("<h1>Oops! Page not found</h1>", {
          status: 404,
          headers: { "Content-Type": "text/html" },
        });
      if (req.path === "/boom") throw new Error("render failed");
      if (req.path === "/feed.xml")
        return new Response("<rss/>", {
          headers: { "Content-Type": "application/rss+xml", "Cache-Control": "public, max-age=300" },
        });
      if (req.path === "/slow") await new Promise((r) => setTimeout(r, 50));
      return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
    }
  }
  app.use(cache);
  // What React Router answers when the cache lets a request through (signed in, admin, POST...).
  app.all("/{*splat}", (req, res) => {
    uncached++;
    if (req.path === "/auth/sign-in") res.cookie("session", "s", { httpOnly: true });
    if (req.path === "/gone") return void res.status(404).type("html").send("not found");
    res.type("html").send(`<p>${req.method} ${req.path} for ${req.headers.cookie ?? "nobody"}</p>`);
  });
  app.use((_err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(500).type("text").send("error");
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((r) => server.close(r)));

beforeEach(() => {
  cache.clear();
  renders = 0;
  uncached = 0;
  clock += 60_000;
});

const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  fetch(base + path, { method, headers: { "Accept-Encoding": "identity", ...headers }, redirect: "manual" });
/** The bytes as sent (fetch would decompress them). */
const rawGet = (path: string, headers: Record<string, string>) =>
  new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    httpGet(base + path, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on("error", reject);
  });
const nonceIn = (text: string) => /nonce="([^"]+)"/.exec(text)?.[1];
const cspNonce = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy")!)?.[1];

describe("anonymous pages", () => {
  it("are rendered once per TTL and shared: same bytes, nonce, CSP and ETag, with CDN headers", async () => {
    const first = await get("/about");
    const firstBody = await first.text();
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe(
      "public, max-age=0, s-maxage=5, stale-while-revalidate=10",
    );
    expect(first.headers.get("vary")).toMatch(/Cookie/);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(cspNonce(first)).toBe(nonceIn(firstBody));

    clock += 3_000;
    const second = await get("/about");
    const secondBody = await second.text();
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(secondBody).toBe(firstBody);
    // The nonce in the shared bytes and the CSP header sent with them agree.
    expect(cspNonce(second)).toBe(nonceIn(firstBody));
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(second.headers.get("age")).toBe("3");
    // The stored copy keeps the headers of the middleware it skipped.
    expect(second.headers.get("x-frame-options")).toBe("DENY");
    expect(renders).toBe(1);

    clock += 2_500;
    const third = await get("/about");
    const thirdBody = await third.text();
    expect(renders).toBe(2);
    expect(nonceIn(thirdBody)).not.toBe(nonceIn(firstBody));
    expect(third.headers.get("etag")).not.toBe(first.headers.get("etag"));
    expect(cspNonce(third)).toBe(nonceIn(thirdBody));
  });

  it("answers If-None-Match with 304 and no body, keeping the CSP that matches the stored copy", async () => {
    const first = await get("/contact");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"/);
    const again = await get("/contact", { "If-None-Match": `"other", ${etag}` });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("cache-control")).toMatch(/s-maxage=5/);
    expect(cspNonce(again)).toBe(cspNonce(first));
    expect((await get("/contact", { "If-None-Match": '"stale"' })).status).toBe(200);
  });

  it("keys on path and query, where the language is; Accept-Language does not split it", async () => {
    await get("/search?q=oil");
    await get("/search?q=gold");
    await get("/ar/search?q=oil");
    expect(renders).toBe(3);
    const arabicBrowser = await get("/search?q=oil", { "Accept-Language": "ar-SA,ar;q=0.9" });
    expect(arabicBrowser.headers.get("x-page-cache")).toBe("hit");
    expect(arabicBrowser.headers.get("vary")).not.toMatch(/accept-language/i);
    expect(renders).toBe(3);
  });

  it("a remembered language (the lang cookie) is a variant of its own, never the plain copy", async () => {
    const plain = await (await get("/about")).text();
    const chosen = await get("/about", { Cookie: "lang=ar" });
    expect(chosen.headers.get("x-page-cache")).toBe("miss");
    const html = await chosen.text();
    expect(html).not.toBe(plain);
    expect(html).toContain("cookies: lang=ar<");
  });

  it("renders once for concurrent misses", async () => {
    const all = await Promise.all(Array.from({ length: 10 }, () => get("/slow")));
    const bodies = await Promise.all(all.map((r) => r.text()));
    expect(renders).toBe(1);
    expect(new Set(bodies).size).toBe(1);
    expect(all.filter((r) => r.headers.get("x-page-cache") === "miss")).toHaveLength(1);
  });

  it("serves HEAD from the stored copy without a body", async () => {
    await get("/partner");
    const head = await get("/partner", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("x-page-cache")).toBe("hit");
    expect(Number(head.headers.get("content-length"))).toBeGreaterThan(2000);
    expect(await head.text()).toBe("");
  });

  it("compresses a stored copy once per encoding, to the same page", async () => {
    const plain = await (await get("/news")).text();
    const res = await fetch(`${base}/news`, { headers: { "Accept-Encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(await res.text()).toBe(plain); // fetch decodes gzip
    const raw = await new Promise<Buffer>((resolve) => {
      import("node:http").then(({ get: httpGet }) =>
        httpGet(`${base}/news`, { headers: { "Accept-Encoding": "br" } }, (r) => {
          const chunks: Buffer[] = [];
          r.on("data", (c) => chunks.push(c));
          r.on("end", () => resolve(Buffer.concat(chunks)));
        }),
      );
    });
    expect(zlib.brotliDecompressSync(raw).toString()).toBe(plain);
    expect(renders).toBe(1);
  });
});

describe("display preferences (theme, digits, language, time zone)", () => {
  it("each combination is one shared copy, rendered with exactly those cookies", async () => {
    const first = await get("/markets", { Cookie: "theme=dark; digits=arab" });
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(first.headers.get("cache-control")).toMatch(/^public, max-age=0, s-maxage=5/);
    const html = await first.text();
    expect(html).toContain("cookies: theme=dark; digits=arab<");
    // Same choices in another order, beside cookies that change nothing (a CDN's, analytics).
    const again = await get("/markets", { Cookie: "_ga=GA1.2.3; digits=arab; __cf_bm=x; theme=dark" });
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(await again.text()).toBe(html);
    expect(renders).toBe(1);
    const light = await get("/markets", { Cookie: "theme=light; digits=arab" });
    expect(light.headers.get("x-page-cache")).toBe("miss");
    expect(await light.text()).toContain("cookies: theme=light; digits=arab<");
    expect(renders).toBe(2);
  });

  it("unknown values and the default digits count as no preference: the plain copy", async () => {
    const plain = await get("/markets");
    const html = await plain.text();
    expect(html).toContain("cookies: none<");
    for (const cookie of ["theme=purple", "digits=roman; lang=xx", "digits=latn", "tz=Not/AZone", "_ga=1"]) {
      const res = await get("/markets", { Cookie: cookie });
      expect(res.headers.get("x-page-cache"), cookie).toBe("hit");
      expect(await res.text(), cookie).toBe(html);
    }
    expect(renders).toBe(1);
  });

  it("a time zone from the picker's list is a variant; any other zone gets a private page", async () => {
    const riyadh = await get("/calendar", { Cookie: "tz=Asia%2FRiyadh" });
    expect(riyadh.headers.get("x-page-cache")).toBe("miss");
    expect(await riyadh.text()).toContain("cookies: tz=Asia%2FRiyadh<");
    expect((await get("/calendar", { Cookie: "tz=Asia/Riyadh" })).headers.get("x-page-cache")).toBe("hit");
    const rare = await get("/calendar", { Cookie: "tz=Pacific%2FChatham" });
    expect(rare.headers.get("x-page-cache")).toBeNull();
    expect(rare.headers.get("cache-control")).toBe("private, no-cache");
  });

  it("a session cookie beside the preferences makes the page private", async () => {
    await get("/markets", { Cookie: "theme=dark" });
    for (const session of ["better-auth.session_token=abc", "__Secure-better-auth.session_token=abc"]) {
      const res = await get("/markets", { Cookie: `theme=dark; ${session}` });
      expect(res.headers.get("x-page-cache"), session).toBeNull();
      expect(res.headers.get("cache-control"), session).toBe("private, no-cache");
      expect(await res.text(), session).toContain(session);
    }
  });
});

describe("signed-in readers of shared pages", () => {
  const reader = (name: string, more = "") => ({
    Cookie: `${more}better-auth.session_token=valid-${name}`,
  });
  const part = (name: string) => `<script type="application/json">"${name}"</script>`;

  it("get the stored copy with their own part after <head>, privately, compressed or not", async () => {
    const shared = await (await get("/about")).text();
    const res = await get("/about", reader("alya"));
    expect(res.headers.get("x-page-cache")).toBe("personal");
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    expect(res.headers.get("vary")).toMatch(/Cookie/);
    expect(res.headers.get("etag")).toBeNull();
    expect(cspNonce(res)).toBe(nonceIn(shared));
    expect(await res.text()).toBe(shared.replace("<head>", `<head>${part("alya")}`));
    // gzip: the stored pieces and the reader's part make one valid member with the right CRC.
    const zipped = await rawGet("/about", { ...reader("badr"), "Accept-Encoding": "gzip, br" });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    const raw = zipped.body;
    expect(Number(zipped.headers["content-length"])).toBe(raw.length);
    expect(zlib.gunzipSync(raw).toString()).toBe(shared.replace("<head>", `<head>${part("badr")}`));
    expect(renders).toBe(1);
    expect(uncached).toBe(0);
  });

  it("a miss renders the shared copy once, with the variant's cookies only, for readers and visitors alike", async () => {
    const [a, b] = await Promise.all([
      get("/slow", reader("alya", "theme=dark; ")),
      get("/slow", reader("badr", "theme=dark; ")),
    ]);
    const [ta, tb] = [await a.text(), await b.text()];
    expect(renders).toBe(1);
    expect(ta).toContain("cookies: theme=dark<");
    expect(ta).toContain(part("alya"));
    expect(tb).toContain(part("badr"));
    expect(ta).not.toContain("badr");
    expect((await get("/slow", { Cookie: "theme=dark" })).headers.get("x-page-cache")).toBe("hit");
  });

  it("a page that asked who reads it is rendered for each reader, without a shared render each time", async () => {
    const first = await get("/mine", reader("alya"));
    expect(await first.text()).toBe("<p>GET /mine for better-auth.session_token=valid-alya</p>");
    expect(first.headers.get("x-page-cache")).toBeNull();
    clock += 60_000; // the stored copy has expired
    await get("/mine", reader("alya"));
    expect(renders).toBe(1);
    expect(uncached).toBe(2);
  });

  it("a session the reader part does not vouch for, and data requests, are rendered for the reader", async () => {
    await get("/about");
    expect(
      (await get("/about", { Cookie: "better-auth.session_token=forged" })).headers.get("x-page-cache"),
    ).toBeNull();
    expect((await get("/about.data", reader("alya"))).headers.get("x-page-cache")).toBeNull();
    expect(uncached).toBe(2);
  });

  it("times in a zone the reader saved are theirs, unless a cookie names the zone", async () => {
    await get("/zoned");
    expect((await get("/zoned", reader("alya"))).headers.get("x-page-cache")).toBe("personal");
    const saved = { Cookie: "better-auth.session_token=zoned-badr" };
    expect((await get("/zoned", saved)).headers.get("x-page-cache")).toBeNull();
    const named = { Cookie: `tz=Asia%2FRiyadh; ${saved.Cookie}` };
    expect((await get("/zoned", named)).headers.get("x-page-cache")).toBe("personal");
    expect(uncached).toBe(1);
  });
});

describe("responses that must not be shared", () => {
  it("a Set-Cookie render is sent once, private and no-store, and never stored", async () => {
    const res = await get("/cookie");
    expect(res.headers.get("set-cookie")).toMatch(/a=1/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("etag")).toBeNull();
    await get("/cookie");
    expect(renders).toBe(2);
  });

  it("error pages are no-store and rendered every time", async () => {
    const res = await get("/missing");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Oops! Page not found");
    expect(res.headers.get("cache-control")).toBe("no-store");
    await get("/missing");
    expect(renders).toBe(2);
    const boom = await get("/boom");
    expect(boom.status).toBe(500);
    expect(boom.headers.get("cache-control")).toBe("no-store");
  });

  it("a route's own Cache-Control (feeds) is kept and the response is not stored", async () => {
    const res = await get("/feed.xml");
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    expect(res.headers.get("content-type")).toMatch(/rss\+xml/);
    await get("/feed.xml");
    expect(renders).toBe(2);
  });

  it("signed-in (a session cookie) requests skip the cache and are private", async () => {
    await get("/about"); // an anonymous copy exists
    const res = await get("/about", { Cookie: "better-auth.session_token=abc" });
    expect(await res.text()).toContain("for better-auth.session_token=abc");
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    expect(res.headers.get("vary")).toMatch(/Cookie/);
    expect(res.headers.get("x-page-cache")).toBeNull();
    expect(uncached).toBe(1);
  });

  it("admin, auth, API and unsubscribe pages are no-store even without a cookie", async () => {
    for (const path of [
      "/admin",
      "/admin?tab=users",
      "/auth",
      "/api/market",
      "/newsletter/unsubscribe?token=x",
    ]) {
      const res = await get(path);
      expect(res.headers.get("cache-control"), path).toBe("no-store");
    }
    expect(renders).toBe(0);
  });

  it("POST results (a search form, a contact form) are no-store", async () => {
    const res = await fetch(`${base}/search`, { method: "POST", body: "q=oil" });
    expect(await res.text()).toBe("<p>POST /search for nobody</p>");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(renders).toBe(0);
  });

  it("a Set-Cookie from an uncached route wins over everything", async () => {
    const res = await get("/auth/sign-in");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("an error from an uncached route is no-store", async () => {
    const res = await get("/gone", { Cookie: "better-auth.session_token=x" });
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("an admin's successful change empties the cache", async () => {
    await get("/about");
    expect(cache.size()).toBe(1);
    await fetch(`${base}/admin?tab=content`, { method: "POST", body: "x" });
    expect(cache.size()).toBe(0);
    await get("/about");
    expect(renders).toBe(2);
  });
});

describe("memory", () => {
  it("keeps within its byte budget and drops expired copies, oldest first", async () => {
    let t = 0;
    const small = createPageCache({
      ttlSeconds: 5,
      maxTotalBytes: 5_000,
      now: () => t,
      render: async (req) => ({
        response: new Response(`<p>${req.path}</p>${"x".repeat(2_000)}`, {
          headers: { "Content-Type": "text/html" },
        }),
        reads: () => ({ user: false, timeZone: false }),
      }),
    });
    const app = express().use(small.hits).use(small);
    const srv = app.listen(0, "127.0.0.1");
    await new Promise((r) => srv.once("listening", r));
    const at = (path: string, headers: Record<string, string> = {}) =>
      fetch(`http://127.0.0.1:${(srv.address() as AddressInfo).port}${path}`, { headers }).then((r) =>
        r.text(),
      );
    try {
      for (const path of ["/a", "/b", "/c"]) await at(path);
      expect(small.size()).toBe(2); // three 2 KB pages do not fit in 5 KB: /a went
      expect(small.bytes()).toBeLessThanOrEqual(5_000);
      await at("/c", { "Accept-Encoding": "gzip" }); // a compressed copy counts too
      expect(small.bytes()).toBeGreaterThan(4_000);
      t += 6_000;
      await at("/d");
      expect(small.size()).toBe(1); // /b and /c had expired
    } finally {
      await new Promise((r) => srv.close(r));
    }
  });
});

describe("helpers", () => {
  it("classify", () => {
    const req = (method: string, path: string, headers: Record<string, string> = {}) =>
      ({ method, path, headers }) as unknown as express.Request;
    expect(classify(req("GET", "/"))).toBe("anonymous");
    expect(classify(req("HEAD", "/news/breaking"))).toBe("anonymous");
    expect(classify(req("GET", "/", { cookie: "theme=dark; digits=arab" }))).toBe("anonymous");
    expect(classify(req("GET", "/", { cookie: "theme=dark; better-auth.session_token=x" }))).toBe("private");
    expect(classify(req("GET", "/", { authorization: "Bearer x" }))).toBe("private");
    expect(classify(req("POST", "/search"))).toBe("no-store");
    expect(classify(req("GET", "/API/market"))).toBe("no-store");
    expect(classify(req("GET", "/auth/reset-password"))).toBe("no-store");
  });

  it("matchesEtag compares weakly and understands lists and *", () => {
    expect(matchesEtag('W/"a"', 'W/"a"')).toBe(true);
    expect(matchesEtag('"a"', 'W/"a"')).toBe(true);
    expect(matchesEtag('"b", W/"a"', 'W/"a"')).toBe(true);
    expect(matchesEtag("*", 'W/"a"')).toBe(true);
    expect(matchesEtag('"b"', 'W/"a"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"a"')).toBe(false);
  });
});
