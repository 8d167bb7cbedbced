import { describe, expect, it } from "vitest";
import { detectLanguage, textDir } from "./text-direction";

describe("textDir", () => {
  it("reads an Arabic sentence that starts with a Latin ticker right to left", () => {
    expect(textDir("**GOLD** (الذهب) عند 4,066.08 USD؛ السوق مغلقة.")).toBe("rtl");
    expect(textDir("TASI يرتفع 2% بدعم البنوك")).toBe("rtl");
  });
  it("keeps English with an Arabic name left to right", () => {
    expect(textDir("Aramco (أرامكو) shares rose 2% on Sunday")).toBe("ltr");
    expect(detectLanguage("Saudi Aramco results beat estimates")).toBe("en");
  });
  it("leaves text without letters to the browser", () => {
    expect(textDir("12,345.67 (+1.2%)")).toBe("auto");
    expect(textDir("")).toBe("auto");
    expect(textDir(undefined)).toBe("auto");
  });
});
