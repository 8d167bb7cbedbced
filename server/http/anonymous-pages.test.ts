/**
 * Anonymous pages through the real Express app and route modules: page meta (canonical, Open Graph,
 * NewsArticle JSON-LD), sitemap/robots/RSS, and the cache headers of anonymous and signed-in pages.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "../services";
import { signInCookie, signUpVerified } from "../testing/fixtures";
import { startTestHttpApp, type TestHttpApp } from "../testing/http-app";
import { createTestServices } from "../testing/test-services";

const ORIGIN = "https://gulfpulse.example";
let s: Services;
let app: TestHttpApp;
let cookie: string;

beforeAll(async () => {
  s = await createTestServices({ PUBLIC_URL: ORIGIN });
  app = await startTestHttpApp(s);
  await s.content.articles.create({
    section: "central-bank",
    title: "Rates </script><script>alert(1)</script> & more",
    slug: "rates-hold",
    excerpt: "SAMA holds rates.",
    bodyMarkdown: "Body",
    published: true,
    publishedAt: new Date("2025-02-03T04:05:06Z"),
  });
  await signUpVerified(s, "reader@example.com", "Reader");
  cookie = await signInCookie(s, "reader@example.com");
}, 120_000);

afterAll(async () => {
  await app?.close();
  await s?.close();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(app.url + path, { headers, redirect: "manual" });
const attr = (html: string, re: RegExp) => re.exec(html)?.[1];

describe("page meta", () => {
  it("a content page has title, description, canonical and social tags on PUBLIC_URL", async () => {
    const html = await (await get("/about")).text();
    expect(attr(html, /<title>([^<]*)<\/title>/)).toBe("About GulfPulse — GulfPulse");
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/about"/>`);
    expect(html).toContain(`<meta property="og:url" content="${ORIGIN}/about"/>`);
    expect(html).toContain('<meta property="og:title" content="About GulfPulse"/>');
    expect(html).toContain('<meta name="twitter:card" content="summary"/>');
    expect(html).toMatch(/<link [^>]*rel="alternate" type="application\/rss\+xml" [^>]*href="\/rss.xml"/);
  });

  it("an article page carries NewsArticle JSON-LD that cannot close its script tag", async () => {
    const html = await (await get("/news/article/rates-hold")).text();
    const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)];
    expect(scripts).toHaveLength(1);
    const raw = scripts[0]![1]!;
    expect(raw).not.toContain("<");
    const ld = JSON.parse(raw);
    expect(ld).toMatchObject({
      "@type": "NewsArticle",
      headline: "Rates </script><script>alert(1)</script> & more",
      url: `${ORIGIN}/news/article/rates-hold`,
      datePublished: "2025-02-03T04:05:06.000Z",
    });
    expect(html).toContain('<meta property="og:type" content="article"/>');
    // The title's markup reached the page as text only.
    expect(html).not.toContain("<script>alert(1)</script>");
  });

  it("sign-in and admin pages are noindex", async () => {
    const auth = await (await get("/auth")).text();
    expect(auth).toContain('<meta name="robots" content="noindex"/>');
    expect(auth).not.toContain('rel="canonical"');
    const reset = await (await get("/auth/reset-password?token=x")).text();
    expect(reset).toContain("<title>Reset your password — GulfPulse</title>");
    expect(reset).toContain('<meta name="robots" content="noindex"/>');
    const missing = await get("/no-such-page");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<meta name="robots" content="noindex"/>');
  });
});

describe("sitemap, robots and feed", () => {
  it("are served with their content types", async () => {
    const sitemap = await get("/sitemap.xml");
    expect(sitemap.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(await sitemap.text()).toContain(`<loc>${ORIGIN}/news/article/rates-hold</loc>`);
    const robots = await get("/robots.txt");
    expect(robots.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await robots.text()).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    const rss = await get("/rss.xml");
    expect(rss.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    expect(rss.headers.get("cache-control")).toBe("public, max-age=300, s-maxage=300");
    expect(await rss.text()).toContain(
      "<title>Rates &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</title>",
    );
  });
});

describe("cache headers on real pages", () => {
  it("anonymous home: shared for a few seconds with ETag and 304, CSP nonce matching the body", async () => {
    const first = await get("/");
    const html = await first.text();
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toMatch(
      /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/,
    );
    const etag = first.headers.get("etag")!;
    const nonce = attr(first.headers.get("content-security-policy")!, /'nonce-([^']+)'/);
    expect(nonce).toBeTruthy();
    expect(html).toContain(`nonce="${nonce}"`);
    const second = await get("/");
    expect(second.headers.get("etag")).toBe(etag);
    expect(await second.text()).toBe(html);
    expect(attr(second.headers.get("content-security-policy")!, /'nonce-([^']+)'/)).toBe(nonce);
    const revalidated = await get("/", { "If-None-Match": etag });
    expect(revalidated.status).toBe(304);
  });

  it("a forged Host header does not reach the shared copy", async () => {
    const html = await (await get("/contact", { Host: "evil.example" })).text();
    expect(html).not.toContain("evil.example");
    expect(html).toContain(`${ORIGIN}/contact`);
  });

  it("a signed-in visitor gets a private, per-request page", async () => {
    await get("/about");
    const res = await get("/about", { cookie });
    const html = await res.text();
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    expect(res.headers.get("etag")).toBeNull();
    expect(html).toContain("reader@example.com");
    const anonymous = await (await get("/about")).text();
    expect(anonymous).not.toContain("reader@example.com");
  });

  it("auth, admin, API, errors and Set-Cookie responses are never stored", async () => {
    for (const path of ["/auth", "/admin", "/api/market", "/no-such-page"]) {
      const res = await get(path);
      expect(res.headers.get("cache-control"), path).toMatch(/no-store/);
      expect(res.headers.get("etag"), path).toBeNull();
    }
    const signOut = await fetch(`${app.url}/auth/sign-out`, {
      method: "POST",
      headers: { cookie, origin: ORIGIN },
      redirect: "manual",
    });
    if (signOut.headers.get("set-cookie")) expect(signOut.headers.get("cache-control")).toMatch(/no-store/);
  });
});

describe("display preferences on real pages", () => {
  const arabicIndicDigits = (html: string) => html.match(/[\u0660-\u0669]/g)?.length ?? 0;

  it("theme and digits cookies are served from the shared cache, with that theme and those digits", async () => {
    const prefs = "theme=dark; digits=arab";
    const first = await get("/ar", { cookie: prefs });
    const html = await first.text();
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toMatch(/^public, max-age=0, s-maxage=\d+/);
    expect(html).toMatch(/<html [^>]*data-theme="dark"/);
    const arabicDigits = arabicIndicDigits(html);
    const again = await get("/ar", { cookie: `digits=arab; _ga=GA1.2.3; theme=dark` });
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(await again.text()).toBe(html);

    // Another value is another copy: light theme, Western digits.
    const light = await get("/ar", { cookie: "theme=light" });
    const lightHtml = await light.text();
    expect(lightHtml).toMatch(/<html [^>]*data-theme="light"/);
    // Prices and dates are in Western digits now (a few fixed texts are written in Arabic digits).
    expect(arabicDigits).toBeGreaterThan(arabicIndicDigits(lightHtml) + 10);
    expect((await get("/ar", { cookie: "theme=light" })).headers.get("x-page-cache")).toBe("hit");
  });

  it("a session cookie beside them gets the shared copy privately, with who the reader is", async () => {
    const shared = await (await get("/ar", { cookie: "theme=dark; digits=arab" })).text();
    // The file's first session was ended by the sign-out test above.
    const session = await signInCookie(s, "reader@example.com");
    const res = await get("/ar", { cookie: `theme=dark; digits=arab; ${session}` });
    expect(res.headers.get("x-page-cache")).toBe("personal");
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    expect(res.headers.get("etag")).toBeNull();
    const html = await res.text();
    const island = /<script type="application\/json" id="gp-reader">([^<]*)<\/script>/.exec(html);
    expect(JSON.parse(island![1]!)).toMatchObject({ email: "reader@example.com", isAdmin: false });
    expect(html.replace(island![0], "")).toBe(shared);
    expect(html).toMatch(/<html [^>]*data-theme="dark"/);
    // A page that asks who reads it (the alerts page) is rendered for the reader.
    const alerts = await get("/ar/price-alerts", { cookie: `theme=dark; ${session}` });
    expect(alerts.headers.get("x-page-cache")).toBeNull();
    expect(await alerts.text()).toContain("reader@example.com");
  });
});
