import { describe, expect, it } from "vitest";
import { parseRetryAfter } from "./retry-after";

const NOW = Date.parse("2026-12-07T00:00:00Z");

describe("parseRetryAfter", () => {
  it("reads delay-seconds as milliseconds", () => {
    expect(parseRetryAfter("120", NOW)).toBe(120_000);
    expect(parseRetryAfter(" 0 ", NOW)).toBe(0);
    expect(parseRetryAfter("1.5", NOW)).toBe(1_500);
  });

  it("reads an HTTP date as the time left until it, never below zero", () => {
    expect(parseRetryAfter("Mon, 07 Dec 2026 01:00:00 GMT", NOW)).toBe(60 * 60 * 1000);
    expect(parseRetryAfter(new Date(NOW + 90_000).toUTCString(), NOW)).toBe(90_000);
    expect(parseRetryAfter("Sun, 06 Dec 2026 23:00:00 GMT", NOW)).toBe(0);
  });

  it("is null when absent or unreadable", () => {
    expect(parseRetryAfter(null, NOW)).toBeNull();
    expect(parseRetryAfter(undefined, NOW)).toBeNull();
    expect(parseRetryAfter("", NOW)).toBeNull();
    expect(parseRetryAfter("   ", NOW)).toBeNull();
    expect(parseRetryAfter("soon", NOW)).toBeNull();
    expect(parseRetryAfter("-5", NOW)).toBeNull();
  });
});
