import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mailOutbox } from "../db/schema";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";
import { createOutbox, type OutgoingMail } from "./outbox";
import { type Clock, createRateLimiter } from "./rate-limiter";
import type { MailMessage, MailTransport } from "./transports";

let s: Services;
beforeAll(async () => {
  s = await createTestServices();
});
afterAll(() => s.close());
beforeEach(async () => {
  await s.db.delete(mailOutbox);
});

/** An in-process transport whose behaviour each test scripts. */
function scriptedTransport(behaviour: (msg: MailMessage) => Promise<void> | void, concurrency = 4) {
  const sent: MailMessage[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const transport: MailTransport = {
    name: "smtp",
    concurrency,
    async send(msg) {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        await new Promise((r) => setTimeout(r, 2));
        await behaviour(msg);
        sent.push(msg);
      } finally {
        inFlight--;
      }
    },
    async verify() {},
    close() {},
  };
  return { transport, sent, maxInFlight: () => maxInFlight };
}

const mail = (n: number, extra: Partial<OutgoingMail> = {}): OutgoingMail => ({
  idempotencyKey: `test:${n}`,
  kind: "test",
  to: `r${n}@example.com`,
  subject: `Mail ${n}`,
  html: "<p>x</p>",
  text: "x",
  ...extra,
});

const rejected = (code: number) =>
  Object.assign(new Error(`${code} mailbox unavailable`), { responseCode: code });
const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:2525"), { code: "ESOCKET" });

const rowOf = async (key: string) =>
  (await s.db.select().from(mailOutbox).where(eq(mailOutbox.idempotencyKey, key)))[0]!;

/** Makes every pending row due now (instead of waiting out the backoff). */
const makeDue = () => s.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` });

describe("outbox", () => {
  it("stores one row per idempotency key", async () => {
    const outbox = createOutbox(s.db, scriptedTransport(() => {}).transport, s.log, { maxAttempts: 3 });
    expect((await outbox.enqueue(mail(1))).duplicate).toBe(false);
    expect((await outbox.enqueue(mail(1))).duplicate).toBe(true);
    expect(await outbox.enqueueMany([mail(1), mail(2), mail(3)])).toBe(2);
    expect((await outbox.counts()).pending).toBe(3);
  });

  it("retries a refused mail with exponential backoff, marks it dead after the last attempt, and an admin can retry it", async () => {
    let refuse = true;
    const t = scriptedTransport(() => {
      if (refuse) throw rejected(550);
    });
    const outbox = createOutbox(s.db, t.transport, s.log, { maxAttempts: 3, backoffMs: 1_000 });
    await outbox.enqueue(mail(1));

    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const before = Date.now();
      expect(await outbox.drain()).toEqual({ sent: 0, failed: 1, paused: false });
      const row = await rowOf("test:1");
      expect(row.attempts).toBe(attempt);
      expect(row.lastError).toBe("550 mailbox unavailable");
      delays.push(Math.round((row.nextAttemptAt.getTime() - before) / 1000));
      // Not due yet: another drain leaves it alone.
      if (row.status === "pending") expect((await outbox.drain()).failed).toBe(0);
      await makeDue();
    }
    expect(delays.slice(0, 2)).toEqual([1, 2]);
    expect((await rowOf("test:1")).status).toBe("dead");
    expect((await outbox.drain()).failed).toBe(0);
    expect((await outbox.list({ status: "dead" })).map((m) => m.to)).toEqual(["r1@example.com"]);

    refuse = false;
    expect(await outbox.retryDead()).toBe(1);
    expect(await outbox.drain()).toEqual({ sent: 1, failed: 0, paused: false });
    expect(await rowOf("test:1")).toMatchObject({ status: "sent", attempts: 1, lastError: null });
  });

  it("pauses when the mail server is down, without using up the mails' attempts", async () => {
    let down = true;
    const t = scriptedTransport(() => {
      if (down) throw refused();
    });
    const outbox = createOutbox(s.db, t.transport, s.log, { maxAttempts: 2, pauseMs: 200, maxPauseMs: 400 });
    await outbox.enqueueMany(Array.from({ length: 20 }, (_, i) => mail(i)));

    for (let i = 0; i < 5; i++) {
      const result = await outbox.drain();
      expect(result.sent).toBe(0);
      await new Promise((r) => setTimeout(r, 450));
      await makeDue();
    }
    expect(outbox.health().lastTransportError).toMatch(/ECONNREFUSED/);
    const rows = await s.db.select().from(mailOutbox);
    expect(rows.every((r) => r.status === "pending" && r.attempts === 0)).toBe(true);

    down = false;
    await new Promise((r) => setTimeout(r, 500));
    await makeDue();
    expect(await outbox.drain()).toEqual({ sent: 20, failed: 0, paused: false });
    expect(new Set(t.sent.map((m) => m.to)).size).toBe(20);
    expect(outbox.health()).toMatchObject({ pausedUntil: null, lastTransportError: null });
  });

  it("sends single mails before campaign rows and keeps `concurrency` sends in flight", async () => {
    const t = scriptedTransport(() => {}, 4);
    const outbox = createOutbox(s.db, t.transport, s.log, { maxAttempts: 3, batchSize: 10 });
    const campaignId = "1b7e2a52-3d2f-4e0b-9f5c-2a8d2b7c1e01";
    await outbox.enqueueMany(Array.from({ length: 30 }, (_, i) => mail(i, { campaignId })));
    await outbox.enqueue(mail(99, { kind: "verification" }));
    await outbox.drain();
    expect(t.sent).toHaveLength(31);
    expect(t.sent.slice(0, 4).map((m) => m.to)).toContain("r99@example.com");
    expect(t.maxInFlight()).toBe(4);
  });

  it("takes back a row whose worker died mid-send once its lease expires", async () => {
    const t = scriptedTransport(() => {});
    const outbox = createOutbox(s.db, t.transport, s.log, { maxAttempts: 3 });
    await outbox.enqueue(mail(1));
    await s.db
      .update(mailOutbox)
      .set({ status: "sending", attempts: 1, lockedUntil: sql`now() + interval '30 seconds'` });
    expect((await outbox.drain()).sent).toBe(0);
    await s.db.update(mailOutbox).set({ lockedUntil: sql`now() - interval '1 second'` });
    expect((await outbox.drain()).sent).toBe(1);
    expect(await rowOf("test:1")).toMatchObject({ status: "sent", attempts: 2 });
  });
});

describe("rate limiter", () => {
  function fakeClock(): Clock & { elapsed: () => number } {
    let now = 0;
    return {
      now: () => now,
      sleep: async (ms) => {
        now += ms;
      },
      elapsed: () => now,
    };
  }

  it("paces sends to the configured rate after a burst of a tenth of a second", async () => {
    const clock = fakeClock();
    const limiter = createRateLimiter(200, clock);
    for (let i = 0; i < 20; i++) await limiter.take();
    expect(clock.elapsed()).toBe(0);
    for (let i = 0; i < 400; i++) await limiter.take();
    expect(clock.elapsed()).toBeGreaterThanOrEqual(1_995);
    expect(clock.elapsed()).toBeLessThanOrEqual(2_010);
  });

  it("limits the outbox to MAIL_RATE_PER_SECOND", async () => {
    const clock = fakeClock();
    const t = scriptedTransport(() => {});
    const outbox = createOutbox(s.db, t.transport, s.log, { maxAttempts: 3, ratePerSecond: 10, clock });
    await outbox.enqueueMany(Array.from({ length: 31 }, (_, i) => mail(i)));
    await outbox.drain();
    expect(t.sent).toHaveLength(31);
    // 1 token to start, then one per 100 ms.
    expect(clock.elapsed()).toBeGreaterThanOrEqual(2_990);
  });
});
