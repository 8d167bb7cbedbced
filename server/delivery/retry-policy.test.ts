import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY_POLICY, isRetryableStatus, retryDelayMs } from "./retry-policy";

describe("retry policy", () => {
  it("doubles from the base with ±25 % jitter, capped", () => {
    const p = DEFAULT_RETRY_POLICY;
    expect(retryDelayMs(p, 1, undefined, () => 0)).toBe(11_250);
    expect(retryDelayMs(p, 1, undefined, () => 1)).toBe(18_750);
    expect(retryDelayMs(p, 3, undefined, () => 0.5)).toBe(60_000);
    expect(retryDelayMs(p, 30, undefined, () => 1)).toBe(p.maxDelayMs);
  });

  it("never retries sooner than the receiver's Retry-After, within the cap", () => {
    const p = DEFAULT_RETRY_POLICY;
    expect(retryDelayMs(p, 1, 120_000, () => 0.5)).toBe(120_000);
    expect(retryDelayMs(p, 1, 5_000, () => 0.5)).toBe(15_000);
    expect(retryDelayMs(p, 1, 24 * 3_600_000, () => 0.5)).toBe(p.maxDelayMs);
  });

  it("spreads the default attempts over about an hour", () => {
    const p = DEFAULT_RETRY_POLICY;
    let total = 0;
    for (let attempt = 1; attempt < p.maxAttempts; attempt++)
      total += retryDelayMs(p, attempt, undefined, () => 0.5);
    expect(total / 60_000).toBeGreaterThan(50);
    expect(total / 60_000).toBeLessThan(75);
  });

  it("retries timeouts at the receiver, too early, rate limits and server errors only", () => {
    expect([408, 425, 429, 500, 502, 503, 599].every(isRetryableStatus)).toBe(true);
    expect([301, 400, 401, 403, 404, 410, 413, 422].some(isRetryableStatus)).toBe(false);
  });
});
