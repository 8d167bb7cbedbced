import { describe, expect, it } from "vitest";
import { themeFromCookie } from "./theme";

describe("themeFromCookie", () => {
  it("reads an explicit light or dark choice", () => {
    expect(themeFromCookie("a=1; theme=dark; b=2")).toBe("dark");
    expect(themeFromCookie("theme=light")).toBe("light");
  });

  it("follows the system when there is no valid choice", () => {
    expect(themeFromCookie(null)).toBeNull();
    expect(themeFromCookie("theme=purple")).toBeNull();
    expect(themeFromCookie("mytheme=dark")).toBeNull();
  });
});
