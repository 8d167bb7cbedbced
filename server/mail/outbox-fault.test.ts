/**
 * Fault test: the SMTP server goes away in the middle of a 2,000-subscriber campaign
 * (new connections refused, open ones closed with 421) and comes back. Afterwards every
 * subscriber has exactly one copy, counted at the SMTP server.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { newsletterSubscribers } from "../db/schema";
import type { Newsletter } from "../newsletter/service";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";
import { type SmtpSink, startSmtpSink } from "./testing/smtp-sink";

const SUBSCRIBERS = 2_000;
const OUTAGE_AFTER = 500;
const OUTAGE_MS = 2_500;

let sink: SmtpSink;
let s: Services;
beforeAll(async () => {
  sink = await startSmtpSink();
  s = await createTestServices({ SMTP_URL: sink.url, MAIL_RATE_PER_SECOND: "2000" });
});
afterAll(async () => {
  await s?.close();
  await sink?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it("delivers exactly one copy to each of 2,000 subscribers across an SMTP outage", {
  timeout: 180_000,
}, async () => {
  for (let i = 0; i < SUBSCRIBERS; i += 500) {
    await s.db.insert(newsletterSubscribers).values(
      Array.from({ length: 500 }, (_, j) => ({
        email: `reader${i + j}@example.com`,
        fullName: `Reader ${i + j}`,
        frequency: "weekly" as const,
      })),
    );
  }
  const { campaignId, queued } = await s.newsletter.sendCampaign({
    subject: "Weekly Gulf markets",
    content: "**TASI** and the banks",
    frequency: "weekly",
  });
  expect(queued).toBe(SUBSCRIBERS);

  // Takes the server down once a quarter of the campaign has arrived; brings it back later.
  let outageStarted = 0;
  let acceptedAtOutage = 0;
  const watcher = setInterval(() => {
    if (!outageStarted && sink.accepted() >= OUTAGE_AFTER) {
      outageStarted = Date.now();
      acceptedAtOutage = sink.accepted();
      void sink.down();
      setTimeout(() => void sink.up(), OUTAGE_MS);
    }
  }, 2);

  let sawPause = false;
  let acceptedDuringOutage = -1;
  const deadline = Date.now() + 150_000;
  try {
    for (;;) {
      const result = await s.outbox.drain();
      if (result.paused) sawPause = true;
      if (outageStarted && sink.isDown()) acceptedDuringOutage = sink.accepted() - acceptedAtOutage;
      const progress = await s.newsletter.campaign(campaignId);
      if (progress!.pending === 0) break;
      if (Date.now() > deadline) throw new Error(`campaign stuck: ${JSON.stringify(progress)}`);
      await sleep(100);
    }
  } finally {
    clearInterval(watcher);
  }

  expect(outageStarted).toBeGreaterThan(0);
  expect(sawPause).toBe(true);
  // Only messages already past MAIL FROM when the server went down may complete during the outage.
  expect(acceptedDuringOutage).toBeLessThanOrEqual(20);

  expect(sink.counts.size).toBe(SUBSCRIBERS);
  const copies = [...sink.counts.values()];
  expect(copies.filter((n) => n !== 1)).toEqual([]);
  expect(sink.accepted()).toBe(SUBSCRIBERS);

  await (s.newsletter as Newsletter).processCampaigns();
  expect(await s.newsletter.campaign(campaignId)).toMatchObject({
    status: "done",
    total: SUBSCRIBERS,
    sent: SUBSCRIBERS,
    failed: 0,
    pending: 0,
  });
  // The outage did not use up the mails' attempts: each was delivered on its one counted attempt.
  const attempts = await s.database.query<{ attempts: number; n: string }>(
    "select attempts, count(*) as n from mail_outbox where campaign_id = $1 group by attempts",
    [campaignId],
  );
  expect(attempts.map((r) => [r.attempts, Number(r.n)])).toEqual([[1, SUBSCRIBERS]]);
});
