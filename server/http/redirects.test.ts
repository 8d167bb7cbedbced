import type { NextFunction, Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { canonicalRedirects } from "./redirects";

/** The Location a GET of `path` is sent to, or null when it goes on to the page. */
async function redirectOf(path: string) {
  let location: string | null = null;
  const req = { method: "GET", originalUrl: path } as Request;
  const res = {
    redirect(status: number, to: string) {
      expect(status).toBe(301);
      location = to;
    },
  } as unknown as Response;
  canonicalRedirects(req, res, (() => {}) as NextFunction);
  return location;
}

describe("canonicalRedirects", () => {
  it("strips trailing slashes in both languages, home included", async () => {
    expect(await redirectOf("/about/")).toBe("/about");
    expect(await redirectOf("/ar/")).toBe("/ar");
    expect(await redirectOf("/ar/about/?x=1")).toBe("/ar/about?x=1");
  });

  it("follows aliases under /ar to the Arabic page", async () => {
    expect(await redirectOf("/news")).toBe("/news/breaking");
    expect(await redirectOf("/ar/news")).toBe("/ar/news/breaking");
    expect(await redirectOf("/ar/home")).toBe("/ar");
    expect(await redirectOf("/ar/Price-Alert?tab=notifications")).toBe("/ar/price-alerts?tab=notifications");
  });

  it("sends old ?lang= links to the page in that language, other parameters kept", async () => {
    expect(await redirectOf("/about?lang=ar")).toBe("/ar/about");
    expect(await redirectOf("/search?q=oil&lang=ar")).toBe("/ar/search?q=oil");
    expect(await redirectOf("/ar/about?lang=en")).toBe("/about");
    expect(await redirectOf("/?lang=ar")).toBe("/ar");
  });

  it("leaves canonical URLs, unknown ?lang values and unlocalized paths alone", async () => {
    expect(await redirectOf("/ar/about")).toBeNull();
    expect(await redirectOf("/search?q=oil%20price")).toBeNull();
    expect(await redirectOf("/about?lang=fr")).toBeNull();
    expect(await redirectOf("/api/market?lang=ar")).toBeNull();
    expect(await redirectOf("/rss.xml?lang=ar")).toBeNull();
    expect(await redirectOf("/arabic")).toBeNull();
  });

  it("never answers with a Location on another host, whatever the dot segments", async () => {
    for (const path of [
      "/.//evil.example/",
      "/%2e//evil.example/",
      "/ok/..//evil.example/",
      "/ar/.//evil.example/",
      "/.//evil.example/?lang=ar",
      "/.//evil.example/news/",
    ]) {
      const location = await redirectOf(path);
      if (location !== null) expect(new URL(location, "http://site.test").host, path).toBe("site.test");
    }
    expect(await redirectOf("/.//evil.example/")).toBeNull();
    expect(await redirectOf("/news/./breaking/")).toBe("/news/breaking");
  });
});
