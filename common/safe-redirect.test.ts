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
  ])("refuses %j", (to) => expect(safeRedirect(to)).toBe("/"));
});
