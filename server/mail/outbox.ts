import type { Db } from "../db/client";
import type { Logger } from "../logger";
import { drainOutbox } from "./outbox-delivery";
import { createOutagePause } from "./outbox-outage";
import { insertMail, insertMails, type OutgoingMail } from "./outbox-queue";
import { countMail, getMail, listMail, mailBacklog, mailPage, retryDeadMail } from "./outbox-views";
import { type Clock, createRateLimiter, realClock } from "./rate-limiter";
import type { MailTransport } from "./transports";

export type { OutgoingMail } from "./outbox-queue";
export type { MailStatus } from "./outbox-views";

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

/**
 * Rows are inserted first; delivery happens later so a crash never loses a mail. The parts: the
 * table as a queue (outbox-queue.ts), delivery of due rows (outbox-delivery.ts) with its pause
 * while the mail server is down (outbox-outage.ts), and the admin's views (outbox-views.ts).
 */
export function createOutbox(db: Db, transport: MailTransport, log: Logger, opts: OutboxOptions) {
  const rate = opts.ratePerSecond ?? 500;
  const clock = opts.clock ?? realClock;
  const outage = createOutagePause({
    pauseMs: opts.pauseMs ?? 1_000,
    maxPauseMs: opts.maxPauseMs ?? 60_000,
    clock,
    log,
  });
  const delivery = {
    db,
    transport,
    log,
    limiter: createRateLimiter(rate, clock),
    outage,
    maxAttempts: opts.maxAttempts,
    backoffMs: opts.backoffMs ?? 2_000,
    // A claimed batch must finish well inside its 60 s lease even at a low send rate.
    batchSize: Math.max(1, Math.min(opts.batchSize ?? 100, Math.floor(rate * 20))),
    concurrency: Math.max(1, transport.concurrency),
  };
  return {
    enqueue: (mail: OutgoingMail, tx: Db = db) => insertMail(tx, mail),
    enqueueMany: (mails: OutgoingMail[], tx: Db = db) => insertMails(tx, mails),
    drain: (signal?: AbortSignal) => drainOutbox(delivery, signal),
    /** Admin action: dead mail (all, or the given ids) gets a fresh set of attempts. */
    retryDead: (ids?: string[]) => retryDeadMail(db, log, ids),
    list: (o?: Parameters<typeof listMail>[1]) => listMail(db, o),
    page: (o: Parameters<typeof mailPage>[1]) => mailPage(db, o),
    get: (id: string) => getMail(db, id),
    counts: () => countMail(db),
    backlog: () => mailBacklog(db),
    /** Whether delivery is paused because the mail server is down, and why. */
    health: () => ({ transport: transport.name, ...outage.status() }),
    transport,
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
