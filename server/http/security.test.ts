/**
 * The HTTP layer's own defences, in the real app composition but without a route build (the
 * requests here are answered before React Router): headers and HSTS, the CSRF origin check,
 * the body limit, NUL in URLs, and error bodies without internals.
 */
import fs from "node:fs";
import type http from "node:http";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Services } from "../services";
import { expectSecurityHeaders } from "../testing/security-headers";
import { createTestServices } from "../testing/test-services";
import { createHttpApp } from "./app";
import { answerClientErrors } from "./errors";
import { MAX_BODY_BYTES } from "./request-limits";

let s: Services;
let server: http.Server;
let url = "";
/** Set when a request reached React Router, which these requests must not. */
let reachedRoutes = 0;

beforeAll(async () => {
  s = await createTestServices({ PUBLIC_URL: "https://gulfpulse.example" });
  const app = createHttpApp({
    services: s,
    build: async () => {
      reachedRoutes++;
      throw new Error("no build in this test at /work/main/secret/path");
    },
  });
  server = await new Promise((resolve) => {
    const srv = app.listen(0, "127.0.0.1", () => resolve(srv));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await s?.close();
});

async function get(path: string, init: RequestInit = {}) {
  const res = await fetch(url + path, { redirect: "manual", ...init });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe("headers", () => {
  it("health, readiness and metrics carry the security headers; HSTS on an https site", async () => {
    for (const path of ["/healthz", "/readyz", "/metrics"]) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expectSecurityHeaders(res, path);
      expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    }
  });

  it("no HSTS when the site is plain http", async () => {
    const plain = await createTestServices();
    try {
      const app = createHttpApp({ services: plain, build: async () => ({}) as never });
      const srv: http.Server = await new Promise((resolve) => {
        const x = app.listen(0, "127.0.0.1", () => resolve(x));
      });
      const res = await fetch(`http://127.0.0.1:${(srv.address() as AddressInfo).port}/healthz`);
      expect(res.headers.get("strict-transport-security")).toBeNull();
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      srv.closeAllConnections();
      await new Promise((resolve) => srv.close(resolve));
    } finally {
      await plain.close();
    }
  });

  it("static scripts, styles and icons carry nosniff but not the document-only headers; SVG and 404s keep them", async () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "gp-client-"));
    fs.mkdirSync(path.join(clientDir, "assets"));
    fs.writeFileSync(path.join(clientDir, "assets", "entry-abc.js"), "export {};");
    fs.writeFileSync(path.join(clientDir, "assets", "app-abc.css"), "body{}");
    fs.writeFileSync(path.join(clientDir, "favicon.ico"), "ico");
    fs.writeFileSync(path.join(clientDir, "favicon.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const app = createHttpApp({ services: s, clientDir, build: async () => ({}) as never });
    const srv: http.Server = await new Promise((resolve) => {
      const x = app.listen(0, "127.0.0.1", () => resolve(x));
    });
    const base = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
    try {
      for (const file of ["/assets/entry-abc.js", "/assets/app-abc.css", "/favicon.ico"]) {
        const res = await fetch(base + file);
        expect(res.status, file).toBe(200);
        expect(res.headers.get("x-content-type-options"), file).toBe("nosniff");
        expect(res.headers.get("referrer-policy"), file).toBe("strict-origin-when-cross-origin");
        expect(res.headers.get("strict-transport-security"), file).toMatch(/max-age=/);
        for (const name of ["content-security-policy", "x-frame-options", "permissions-policy"]) {
          expect(res.headers.get(name), `${file} ${name}`).toBeNull();
        }
      }
      // An SVG can be opened as a document and run scripts; a missing asset is answered by a page.
      const svg = await fetch(`${base}/favicon.svg`);
      expect(svg.headers.get("content-security-policy")).toContain("object-src 'none'");
      const missing = await fetch(`${base}/assets/missing-abc.js`);
      expect(missing.headers.get("content-security-policy")).toContain("object-src 'none'");
      expect(missing.headers.get("x-frame-options")).toBe("DENY");
    } finally {
      srv.closeAllConnections();
      await new Promise((resolve) => srv.close(resolve));
      fs.rmSync(clientDir, { recursive: true, force: true });
    }
  });

  it("/readyz does not pass on the driver's error text", async () => {
    const query = s.database.query;
    s.database.query = async () => {
      throw new Error('password authentication failed for user "gulfpulse" at db.internal:5432');
    };
    try {
      const res = await get("/readyz");
      expect(res.status).toBe(503);
      expect(res.text).not.toMatch(/password|db\.internal|gulfpulse"/);
      expect(JSON.parse(res.text)).toEqual({
        status: "unavailable",
        error: "The database is not reachable.",
      });
    } finally {
      s.database.query = query;
    }
  });
});

describe("CSRF origin check", () => {
  const post = (headers: Record<string, string>, method = "POST") =>
    get("/api/anything", { method, headers: { accept: "application/json", ...headers }, body: "x=1" });

  it("refuses unsafe methods from another origin with a 403 and a message", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      for (const headers of <Array<Record<string, string>>>[
        { origin: "https://evil.example" },
        { origin: "https://gulfpulse.example.evil.example" },
        { origin: "http://gulfpulse.example" }, // the right host on the wrong scheme
        { origin: "null" },
        { referer: "https://evil.example/x" },
        { referer: "::not a url::" },
      ]) {
        const res = await post(headers, method);
        expect(res.status, `${method} ${JSON.stringify(headers)}`).toBe(403);
        expect(JSON.parse(res.text)).toEqual({ error: "Cross-site requests are not allowed." });
        expectSecurityHeaders(res, "403");
      }
    }
    const text = await get("/contact", {
      method: "POST",
      headers: { origin: "https://evil.example", accept: "text/html" },
    });
    expect(text.text).toBe("Cross-site requests are not allowed.");
    expect(reachedRoutes).toBe(0);
  });

  it("lets through the public origin, the addressed host, and requests without Origin or Referer", async () => {
    for (const headers of <Array<Record<string, string>>>[
      { origin: "https://gulfpulse.example" },
      { origin: url },
      { referer: `${url}/x` },
      {},
    ]) {
      const before = reachedRoutes;
      const res = await post(headers);
      // Past the check, the request reaches the (here missing) route build.
      expect(res.status, JSON.stringify(headers)).toBe(500);
      expect(reachedRoutes).toBe(before + 1);
    }
  });

  it("leaves RFC 8058 one-click unsubscribe to its signed token (mail providers POST from anywhere)", async () => {
    const res = await get("/api/newsletter/unsubscribe?token=forged", {
      method: "POST",
      headers: { origin: "https://mail.example.net", "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(404);
    expect(res.text).toBe("This unsubscribe link is not valid.");
  });

  it("never blocks safe methods", async () => {
    const res = await get("/healthz", { headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(200);
  });
});

describe("request limits and error bodies", () => {
  it("a body declared over the limit gets 413 with a message, before any route", async () => {
    const before = reachedRoutes;
    const res = await get("/contact", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: `message=${"a".repeat(MAX_BODY_BYTES + 10)}`,
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text)).toEqual({ error: "The request body is too large." });
    expect(reachedRoutes).toBe(before);
  });

  it("a body without a declared length (chunked) gets 411, before any route", async () => {
    const before = reachedRoutes;
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("message=hi"));
        controller.close();
      },
    });
    const res = await fetch(`${url}/contact`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(411);
    expect(await res.json()).toEqual({ error: "Send the request body with a Content-Length." });
    expect(reachedRoutes).toBe(before);
  });

  it("%00 anywhere in the address gets 400", async () => {
    for (const path of ["/news/article/a%00b", "/search?q=%00", "/api/market/BTC/history?range=1D%00"]) {
      const res = await get(path, { headers: { accept: "application/json" } });
      expect(res.status, path).toBe(400);
      expect(JSON.parse(res.text)).toEqual({ error: "The address contains a NUL character." });
    }
  });

  it("errors show a short message, never the stack, paths or error text", async () => {
    // (A DELETE: GETs of pages pass through the page cache, which needs the build first.)
    const malformed = await get("/news/%E0%A4%A", { method: "DELETE", headers: { accept: "text/plain" } });
    expect(malformed.status).toBe(400);
    expect(malformed.text).toBe("The address is not valid (malformed percent-encoding).");
    const failing = await get("/about", { headers: { accept: "application/json" } });
    expect(failing.status).toBe(500);
    expect(JSON.parse(failing.text)).toEqual({ error: "Internal Server Error" });
    expect(failing.text).not.toMatch(/secret|\/work\/|at /);
  });
});

describe("requests Node's parser refuses", () => {
  it("an address over the header size limit gets 431 with a message", async () => {
    answerClientErrors(server);
    const res = await fetch(`${url}/search?q=${"x".repeat(70_000)}`);
    expect(res.status).toBe(431);
    expect(await res.text()).toBe("The address or headers are too large.");
  });
});

describe("methods the site does not serve", () => {
  /** node:http, since fetch refuses to send TRACE at all. */
  const raw = (method: string) =>
    new Promise<{ status: number; allow?: string; text: string }>((resolve, reject) => {
      const req = httpRequest(`${url}/about`, { method, headers: { accept: "application/json" } }, (res) => {
        let text = "";
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode!, allow: res.headers.allow, text }));
      });
      req.on("error", reject);
      req.end();
    });

  it("TRACE and other unknown methods get 405 with Allow, before any route and with no error logged", async () => {
    const errors = vi.spyOn(s.log, "error");
    const before = reachedRoutes;
    try {
      for (const method of ["TRACE", "PROPFIND", "MKCOL", "LOCK"]) {
        const res = await raw(method);
        expect(res.status, method).toBe(405);
        expect(res.allow, method).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
        expect(JSON.parse(res.text)).toEqual({ error: "This method is not allowed here." });
      }
      expect(errors).not.toHaveBeenCalled();
      expect(reachedRoutes).toBe(before);
    } finally {
      errors.mockRestore();
    }
  });
});
