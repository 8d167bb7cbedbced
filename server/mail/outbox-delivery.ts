import type { Db } from "../db/client";
import type { Logger } from "../logger";
import type { OutagePause } from "./outbox-outage";
import { type ClaimedRow, claimDue, markFailed, markSent, reclaimExpired, release } from "./outbox-queue";
import type { RateLimiter } from "./rate-limiter";
import { isTransportDown, type MailTransport } from "./transports";

/** Sent marks written per UPDATE (see sentMarks). */
const MARK_BATCH = 20;

/** What delivering the outbox uses: the table, the mail server, the pace and the outage pause. */
export interface DeliveryParts {
  db: Db;
  transport: MailTransport;
  log: Logger;
  limiter: RateLimiter;
  outage: OutagePause;
  maxAttempts: number;
  /** Base delay of the exponential backoff. */
  backoffMs: number;
  batchSize: number;
  /** Mails in flight at once. */
  concurrency: number;
}

type Outcome = "sent" | "failed" | "released";
type SentMarks = ReturnType<typeof sentMarks>;

/** Delivers due mail until none is left or the mail server is down; returns the tallies. */
export async function drainOutbox(
  p: DeliveryParts,
  signal?: AbortSignal,
): Promise<{ sent: number; failed: number; paused: boolean }> {
  let sent = 0;
  let failed = 0;
  await reclaimExpired(p.db);
  while (!signal?.aborted && !p.outage.isPaused()) {
    const rows = await claimDue(p.db, p.batchSize);
    if (rows.length === 0) break;
    const tally = await deliverBatch(p, rows, signal);
    sent += tally.sent;
    failed += tally.failed;
  }
  return { sent, failed, paused: p.outage.isPaused() };
}

/** Sends a claimed batch with `concurrency` mails in flight, paced by the rate limiter. */
async function deliverBatch(p: DeliveryParts, rows: ClaimedRow[], signal?: AbortSignal) {
  const tally = { sent: 0, failed: 0 };
  const untouched: string[] = [];
  const marks = sentMarks(p);
  const stopped = () => signal?.aborted || p.outage.isPaused();
  let next = 0;
  async function worker() {
    while (next < rows.length) {
      const row = rows[next++]!;
      if (stopped()) {
        untouched.push(row.id);
        continue;
      }
      await p.limiter.take(signal);
      if (stopped()) {
        untouched.push(row.id);
        continue;
      }
      const outcome = await deliverOne(p, row, marks);
      if (outcome !== "released") tally[outcome]++;
    }
  }
  try {
    await Promise.all(Array.from({ length: Math.min(p.concurrency, rows.length) }, worker));
  } finally {
    await marks.flush();
  }
  await release(p.db, untouched, p.outage.remainingMs(), null);
  return tally;
}

async function deliverOne(p: DeliveryParts, row: ClaimedRow, marks: SentMarks): Promise<Outcome> {
  try {
    await p.transport.send({
      to: row.to_address,
      subject: row.subject,
      html: row.html,
      text: row.text,
      headers: row.headers,
      messageId: row.id,
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (isTransportDown(err)) {
      p.outage.pause(message);
      await release(p.db, [row.id], p.outage.remainingMs(), message);
      return "released";
    }
    const dead = row.attempts >= p.maxAttempts;
    const delay = p.backoffMs * 2 ** Math.min(row.attempts - 1, 10);
    await markFailed(p.db, row.id, message, delay, dead);
    p.log.warn({ mailId: row.id, attempts: row.attempts, dead, err: message }, "mail delivery failed");
    return "failed";
  }
  p.outage.recovered();
  await marks.add(row.id);
  return "sent";
}

/**
 * Sent marks are written MARK_BATCH at a time: one UPDATE per row was most of the outbox's CPU
 * cost per mail. The price is a wider crash window: a process killed between the SMTP server's
 * acceptance and the mark re-sends at most MARK_BATCH + concurrency mails when the lease ends
 * (with the same Message-ID, which receiving servers use to drop the copy).
 */
function sentMarks(p: DeliveryParts) {
  let ids: string[] = [];
  let writing = Promise.resolve();
  const flush = () => {
    const batch = ids;
    ids = [];
    // A failed write must not stop later marks; its mails are re-sent when their lease ends.
    writing = writing
      .then(() => markSent(p.db, batch, p.transport.name))
      .catch((err) => p.log.error({ err, count: batch.length }, "could not mark sent mail"));
    return writing;
  };
  return {
    add: (id: string) => {
      ids.push(id);
      return ids.length >= MARK_BATCH ? flush() : undefined;
    },
    flush,
  };
}
