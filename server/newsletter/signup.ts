import { AppError } from "#common/errors";
import { type Lang, toLang } from "#common/locale";
import { DEFAULT_FREQUENCY, type Frequency } from "#common/newsletter-schema";
import type { Db } from "../db/client";
import type { Logger } from "../logger";
import { welcomeMail } from "../mail/mails";
import type { Outbox } from "../mail/outbox";
import { createRateLimiter } from "../rate-limit/limiter";
import type { NewsletterLinks } from "./links";
import { deactivateSubscriber, findSubscriber, insertOrReactivateSubscriber } from "./subscribers";
import type { NewsletterService } from "./types";

/** Subscribing (limited per address, welcome mail for the full form) and unsubscribing by signed token. */

const DUPLICATE_MESSAGE = "Email already subscribed to newsletter";
const RATE_LIMITED_MESSAGE = "Too many signups from your network. Please try again later.";

interface SignupDeps {
  db: Db;
  outbox: Outbox;
  log: Logger;
  links: NewsletterLinks;
  /** Signups per IP address per 10 minutes. */
  signupsPerIp?: number;
}

type Subscriber = {
  id: string;
  email: string;
  fullName: string;
  frequency: Frequency;
  locale: Lang;
  subscribedAt: Date;
};

/** Two signups racing for one address: the loser meets the unique index (23505). */
const isUniqueViolation = (err: unknown) =>
  (err as { code?: string; cause?: { code?: string } })?.code === "23505" ||
  (err as any)?.cause?.code === "23505";

/** The full form's welcome mail, in the subscriber's language. */
async function enqueueWelcome({ outbox, log, links }: SignupDeps, sub: Subscriber) {
  try {
    await outbox.enqueue(
      welcomeMail({
        key: `welcome:${sub.id}:${sub.subscribedAt.getTime()}`,
        to: sub.email,
        name: sub.fullName,
        frequency: sub.frequency,
        siteUrl: links.sitePath(sub.locale),
        unsubscribe: links.unsubscribeLinks(sub.id, sub.locale),
        locale: sub.locale,
      }),
    );
  } catch (err) {
    // The signup stands even if its welcome mail cannot be queued.
    log.error({ err, subscriberId: sub.id }, "welcome email could not be queued");
  }
}

export function newsletterSignup(
  deps: SignupDeps,
): Pick<NewsletterService, "subscribe" | "unsubscribeInfo" | "unsubscribe"> {
  const { db, log, links } = deps;
  const signupLimiter = createRateLimiter(db, {
    name: "newsletter-signup",
    limit: deps.signupsPerIp ?? 20,
    windowMs: 10 * 60_000,
  });

  return {
    async subscribe(input, meta) {
      if (meta?.ip && !(await signupLimiter.hit(meta.ip))) {
        throw new AppError("rate_limited:newsletter", RATE_LIMITED_MESSAGE);
      }
      const frequency = input.source === "full" ? (input.frequency ?? DEFAULT_FREQUENCY) : DEFAULT_FREQUENCY;
      let row: Awaited<ReturnType<typeof insertOrReactivateSubscriber>>;
      try {
        row = await insertOrReactivateSubscriber(db, {
          source: input.source,
          fullName: input.fullName.trim(),
          email: input.email.trim(),
          company: input.source === "full" ? input.company : undefined,
          interests: input.source === "full" ? input.interests : undefined,
          frequency,
          // Only the site's languages are stored; anything else is English.
          locale: toLang(meta?.locale),
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError("conflict:newsletter_duplicate", DUPLICATE_MESSAGE);
        throw err;
      }
      if (!row) throw new AppError("conflict:newsletter_duplicate", DUPLICATE_MESSAGE);
      log.info({ subscriberId: row.id, source: input.source }, "newsletter signup");
      if (input.source === "full") await enqueueWelcome(deps, row);
      return { id: row.id, email: row.email };
    },

    async unsubscribeInfo(token) {
      const id = links.tokens.verify(token);
      const sub = id ? await findSubscriber(db, id) : null;
      return sub ? { email: sub.email, isActive: sub.isActive } : null;
    },

    async unsubscribe(token) {
      const id = links.tokens.verify(token);
      if (!id) return null;
      const row = await deactivateSubscriber(db, id);
      if (row) log.info({ subscriberId: id }, "newsletter unsubscribe");
      return row;
    },
  };
}
