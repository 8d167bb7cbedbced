import { and, count, desc, eq, inArray, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema";
import type { Logger } from "../logger";
import { type Clock, createRateLimiter, realClock } from "./rate-limiter";
import { isTransportDown, type MailTransport } from "./transports";

export interface OutgoingMail {
  /** Unique per logical mail: enqueueing the same key twice stores one row. */
  idempotencyKey: string;
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  campaignId?: string;
}

export interface OutboxOptions {
  maxAttempts: number;
  /** Base delay of the exponential backoff. */
  backoffMs?: number;
  batchSize?: number;
  /** MAIL_RATE_PER_SECOND: the most mails this process hands to the transport per second. */
  ratePerSecond?: number;
  /** First pause after the mail server is found down; doubles per outage up to maxPauseMs. */
  pauseMs?: number;
  maxPauseMs?: number;
  clock?: Clock;
}

/** Sent marks written per UPDATE (see sentMarks). */
const MARK_BATCH = 20;

export type MailStatus = "pending" | "sending" | "sent" | "dead";

type ClaimedRow = {
  id: string;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  attempts: number;
  kind: string;
};

/** Rows are inserted first; delivery happens later so a crash never loses a mail. */
export function createOutbox(db: Db, transport: MailTransport, log: Logger, opts: OutboxOptions) {
  const backoffMs = opts.backoffMs ?? 2_000;
  const rate = opts.ratePerSecond ?? 500;
  // A claimed batch must finish well inside its 60 s lease even at a low send rate.
  const batchSize = Math.max(1, Math.min(opts.batchSize ?? 100, Math.floor(rate * 20)));
  const pauseMs = opts.pauseMs ?? 1_000;
  const maxPauseMs = opts.maxPauseMs ?? 60_000;
  const clock = opts.clock ?? realClock;
  const limiter = createRateLimiter(rate, clock);
  const concurrency = Math.max(1, transport.concurrency);

  /** While the mail server is down, drains do nothing until this time (epoch ms). */
  let pausedUntil = 0;
  let nextPause = pauseMs;
  let lastTransportError: string | null = null;

  const values = (mail: OutgoingMail) => ({
    idempotencyKey: mail.idempotencyKey,
    kind: mail.kind,
    toAddress: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    headers: mail.headers ?? {},
    campaignId: mail.campaignId,
  });

  async function enqueue(
    mail: OutgoingMail,
    tx: Db = db,
  ): Promise<{ id: string | null; duplicate: boolean }> {
    const rows = await tx
      .insert(mailOutbox)
      .values(values(mail))
      .onConflictDoNothing({ target: mailOutbox.idempotencyKey })
      .returning({ id: mailOutbox.id });
    return { id: rows[0]?.id ?? null, duplicate: rows.length === 0 };
  }

  /** One multi-row insert (campaigns); keys already present are skipped. Returns rows added. */
  async function enqueueMany(mails: OutgoingMail[], tx: Db = db): Promise<number> {
    if (mails.length === 0) return 0;
    const rows = await tx
      .insert(mailOutbox)
      .values(mails.map(values))
      .onConflictDoNothing({ target: mailOutbox.idempotencyKey })
      .returning({ id: mailOutbox.id });
    return rows.length;
  }

  /** Rows whose worker died mid-send (lease over) become pending again; their attempt counted. */
  async function reclaimExpired() {
    await db
      .update(mailOutbox)
      .set({ status: "pending", lockedUntil: null })
      .where(and(eq(mailOutbox.status, "sending"), lt(mailOutbox.lockedUntil, new Date())));
  }

  /**
   * Claims due rows of one queue (SKIP LOCKED so several workers never take the same row) and
   * leases them for a minute. Each queue has a partial index in due order, so a claim costs the
   * same with ten or a million rows behind it.
   */
  async function claimFrom(queue: "single" | "bulk", limit: number): Promise<ClaimedRow[]> {
    if (limit <= 0) return [];
    const result = await db.execute(sql`
      update ${mailOutbox} set status = 'sending', locked_until = now() + interval '60 seconds',
        attempts = attempts + 1
      where id in (
        select id from ${mailOutbox}
        where status = 'pending' and next_attempt_at <= now()
          and campaign_id is ${queue === "single" ? sql`null` : sql`not null`}
        order by next_attempt_at
        limit ${limit}
        for update skip locked
      )
      returning id, to_address, subject, html, text, headers, attempts, kind`);
    return (result as unknown as { rows: ClaimedRow[] }).rows;
  }

  /** Single mails (sign-up, password reset, alerts) go before campaign rows. */
  async function claim(limit: number): Promise<ClaimedRow[]> {
    const single = await claimFrom("single", limit);
    return [...single, ...(await claimFrom("bulk", limit - single.length))];
  }

  /** Hands a claimed row back untouched: its attempt did not happen or does not count. */
  async function release(ids: string[], delayMs: number, error: string | null) {
    if (ids.length === 0) return;
    await db
      .update(mailOutbox)
      .set({
        status: "pending",
        attempts: sql`greatest(${mailOutbox.attempts} - 1, 0)`,
        lockedUntil: null,
        nextAttemptAt: new Date(Date.now() + delayMs),
        ...(error ? { lastError: error } : {}),
      })
      .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, "sending")));
  }

  async function markSent(ids: string[]) {
    if (ids.length === 0) return;
    await db
      .update(mailOutbox)
      .set({
        status: "sent",
        sentAt: new Date(),
        lastError: null,
        lockedUntil: null,
        transport: transport.name,
      })
      .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, "sending")));
  }

  /**
   * Sent marks are written MARK_BATCH at a time: one UPDATE per row was most of the outbox's CPU
   * cost per mail. The price is a wider crash window: a process killed between the SMTP server's
   * acceptance and the mark re-sends at most MARK_BATCH + concurrency mails when the lease ends
   * (with the same Message-ID, which receiving servers use to drop the copy).
   */
  function sentMarks() {
    let ids: string[] = [];
    let writing = Promise.resolve();
    const flush = () => {
      const batch = ids;
      ids = [];
      // A failed write must not stop later marks; its mails are re-sent when their lease ends.
      writing = writing
        .then(() => markSent(batch))
        .catch((err) => log.error({ err, count: batch.length }, "could not mark sent mail"));
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

  async function markFailed(row: ClaimedRow, message: string) {
    const dead = row.attempts >= opts.maxAttempts;
    const delay = backoffMs * 2 ** Math.min(row.attempts - 1, 10);
    await db
      .update(mailOutbox)
      .set({
        status: dead ? "dead" : "pending",
        lastError: message.slice(0, 1000),
        lockedUntil: null,
        nextAttemptAt: new Date(Date.now() + delay),
      })
      .where(eq(mailOutbox.id, row.id));
    log.warn({ mailId: row.id, attempts: row.attempts, dead, err: message }, "mail delivery failed");
  }

  function pauseForOutage(message: string) {
    if (clock.now() < pausedUntil) return;
    pausedUntil = clock.now() + nextPause;
    log.warn({ pauseMs: nextPause, err: message }, "mail server unavailable; delivery paused");
    nextPause = Math.min(nextPause * 2, maxPauseMs);
    lastTransportError = message;
  }

  type Outcome = "sent" | "failed" | "released";

  async function deliverOne(row: ClaimedRow, marks: ReturnType<typeof sentMarks>): Promise<Outcome> {
    try {
      await transport.send({
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
        pauseForOutage(message);
        await release([row.id], Math.max(0, pausedUntil - clock.now()), message);
        return "released";
      }
      await markFailed(row, message);
      return "failed";
    }
    nextPause = pauseMs;
    lastTransportError = null;
    await marks.add(row.id);
    return "sent";
  }

  /** Sends a claimed batch with `concurrency` mails in flight, paced by the rate limiter. */
  async function deliverBatch(rows: ClaimedRow[], signal?: AbortSignal) {
    const tally = { sent: 0, failed: 0 };
    const untouched: string[] = [];
    const marks = sentMarks();
    let next = 0;
    async function worker() {
      while (next < rows.length) {
        const row = rows[next++]!;
        if (signal?.aborted || isPaused()) {
          untouched.push(row.id);
          continue;
        }
        await limiter.take(signal);
        if (signal?.aborted || isPaused()) {
          untouched.push(row.id);
          continue;
        }
        const outcome = await deliverOne(row, marks);
        if (outcome !== "released") tally[outcome]++;
      }
    }
    try {
      await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, worker));
    } finally {
      await marks.flush();
    }
    await release(untouched, Math.max(0, pausedUntil - clock.now()), null);
    return tally;
  }

  const isPaused = () => clock.now() < pausedUntil;

  /** Delivers due mail until none is left or the mail server is down; returns the tallies. */
  async function drain(signal?: AbortSignal): Promise<{ sent: number; failed: number; paused: boolean }> {
    let sent = 0;
    let failed = 0;
    await reclaimExpired();
    while (!signal?.aborted && !isPaused()) {
      const rows = await claim(batchSize);
      if (rows.length === 0) break;
      const tally = await deliverBatch(rows, signal);
      sent += tally.sent;
      failed += tally.failed;
    }
    return { sent, failed, paused: isPaused() };
  }

  /** Admin action: dead mail (all, or the given ids) gets a fresh set of attempts. */
  async function retryDead(ids?: string[]): Promise<number> {
    const rows = await db
      .update(mailOutbox)
      .set({ status: "pending", attempts: 0, nextAttemptAt: new Date(), lastError: null, lockedUntil: null })
      .where(
        ids ? and(eq(mailOutbox.status, "dead"), inArray(mailOutbox.id, ids)) : eq(mailOutbox.status, "dead"),
      )
      .returning({ id: mailOutbox.id });
    if (rows.length) log.info({ count: rows.length }, "dead mail queued again");
    return rows.length;
  }

  /** The admin's mail viewer: newest first, optionally one status. */
  async function list(o: { status?: MailStatus; limit?: number; offset?: number } = {}) {
    return db
      .select({
        id: mailOutbox.id,
        kind: mailOutbox.kind,
        to: mailOutbox.toAddress,
        subject: mailOutbox.subject,
        status: mailOutbox.status,
        attempts: mailOutbox.attempts,
        lastError: mailOutbox.lastError,
        transport: mailOutbox.transport,
        campaignId: mailOutbox.campaignId,
        createdAt: mailOutbox.createdAt,
        sentAt: mailOutbox.sentAt,
        nextAttemptAt: mailOutbox.nextAttemptAt,
      })
      .from(mailOutbox)
      .where(o.status ? eq(mailOutbox.status, o.status) : undefined)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(Math.min(o.limit ?? 50, 500))
      .offset(o.offset ?? 0);
  }

  /** One mail with its bodies (for the admin's viewer). */
  async function get(id: string) {
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    return row ?? null;
  }

  async function counts(): Promise<Record<MailStatus, number>> {
    const rows = await db
      .select({ status: mailOutbox.status, n: count() })
      .from(mailOutbox)
      .groupBy(mailOutbox.status);
    const out: Record<MailStatus, number> = { pending: 0, sending: 0, sent: 0, dead: 0 };
    for (const r of rows) out[r.status] = Number(r.n);
    return out;
  }

  /** One page of the admin's mail viewer, with the total of its filter and the per-status counts. */
  async function page(o: { status?: MailStatus; page: number; pageSize: number }) {
    const [rows, byStatus] = await Promise.all([
      list({ status: o.status, limit: o.pageSize, offset: (o.page - 1) * o.pageSize }),
      counts(),
    ]);
    const total = o.status ? byStatus[o.status] : Object.values(byStatus).reduce((a, b) => a + b, 0);
    return { rows, total, counts: byStatus };
  }

  /** Delivery trouble for the admin's status card: dead mail of the last day, mail overdue 5 minutes. */
  async function backlog(): Promise<{ deadLastDay: number; overdue: number }> {
    const [dead] = await db
      .select({ n: count() })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, "dead"), sql`${mailOutbox.createdAt} > now() - interval '24 hours'`));
    const [overdue] = await db
      .select({ n: count() })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.status, "pending"),
          lte(mailOutbox.nextAttemptAt, sql`now() - interval '5 minutes'`),
        ),
      );
    return { deadLastDay: dead!.n, overdue: overdue!.n };
  }

  return {
    enqueue,
    enqueueMany,
    drain,
    retryDead,
    list,
    page,
    get,
    counts,
    backlog,
    /** Whether delivery is paused because the mail server is down, and why. */
    health: () => ({
      transport: transport.name,
      pausedUntil: isPaused() ? new Date(Date.now() + (pausedUntil - clock.now())) : null,
      lastTransportError,
    }),
    transport,
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
