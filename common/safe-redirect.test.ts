import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it.each([
    ["/price-alerts", "/price-alerts"],
    ["/search?q=gold#top", "/search?q=gold#top"],
    ["/news/article/a%20b", "/news/article/a%20b"],
  ])("keeps the site path %s", (to, expected) => expect(safeRedirect(to)).toBe(expected));

  it.each([
    null,
    "",
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "/\\/evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "javascript:alert(1)",
    "price-alerts",
    " /price-alerts",
    // Dot segments that resolve to a protocol-relative URL (another host).
    "/.//evil.example",
    "/%2e//evil.example",
    "/%2E//evil.example",
    "/ok/..//evil.example",
    "/ok/%2e%2e//evil.example",
    "/ok/.%2E//evil.example/path?x=1",
    "/././/evil.example",
  ])("refuses %j", (to) => expect(safeRedirect(to)).toBe("/"));

  it.each([
    ["/news/./breaking", "/news/breaking"],
    ["/news/x/../breaking", "/news/breaking"],
    ["/%2e/about", "/about"],
    ["/ar/price-alerts?tab=history", "/ar/price-alerts?tab=history"],
  ])("resolves dot segments that stay on the site: %s", (to, expected) =>
    expect(safeRedirect(to)).toBe(expected),
  );
});
