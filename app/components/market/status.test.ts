import { describe, expect, it } from "vitest";
import { feedIsLive, quoteStatus } from "./market-feed";

const feed = {
  t: 1_000_000,
  ms: 15_000,
  ok: true,
  streamDown: false,
  receivedAt: 5_000,
  now: 5_000,
  freshAtRender: false,
};

describe("live or delayed", () => {
  it("is live while ticks arrive within two intervals of the browser's clock", () => {
    expect(feedIsLive(feed)).toBe(true);
    expect(feedIsLive({ ...feed, now: 5_000 + 30_000 })).toBe(true);
    expect(feedIsLive({ ...feed, now: 5_000 + 30_001 })).toBe(false);
  });

  it("is not live when the provider failed, the stream dropped, or no tick ever came", () => {
    expect(feedIsLive({ ...feed, ok: false })).toBe(false);
    expect(feedIsLive({ ...feed, streamDown: true })).toBe(false);
    expect(feedIsLive({ ...feed, t: 0 })).toBe(false);
  });

  it("uses the server's verdict until the browser has mounted", () => {
    const rendering = { ...feed, receivedAt: null, now: null };
    expect(feedIsLive({ ...rendering, freshAtRender: true })).toBe(true);
    expect(feedIsLive({ ...rendering, freshAtRender: false })).toBe(false);
  });

  it("marks a quote older than two ticks as delayed, and a shut market as closed", () => {
    const q = { marketOpen: true, live: true, lastTick: 100_000, lastUpdate: 100_000, tickMs: 15_000 };
    expect(quoteStatus(q)).toBe("live");
    expect(quoteStatus({ ...q, lastUpdate: 100_000 - 30_000 })).toBe("live");
    expect(quoteStatus({ ...q, lastUpdate: 100_000 - 30_001 })).toBe("delayed");
    expect(quoteStatus({ ...q, live: false })).toBe("delayed");
    expect(quoteStatus({ ...q, marketOpen: false, lastUpdate: 0 })).toBe("closed");
  });
});
