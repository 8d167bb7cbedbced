import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { AppError } from "#common/errors";
import { type Lang, toLang } from "#common/locale";
import { DEFAULT_FREQUENCY } from "#common/newsletter-schema";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema";
import type { Scheduler } from "../jobs/scheduler";
import type { Logger } from "../logger";
import {
  brokerSelectionMail,
  newsletterEmail,
  templatePreviews,
  unsubscribeHeaders,
  welcomeMail,
} from "../mail/mails";
import type { Outbox, OutgoingMail } from "../mail/outbox";
import { createRateLimiter } from "../rate-limit/limiter";
import {
  type CampaignRow,
  campaignProgress,
  completeFinishedCampaigns,
  insertCampaign,
  markCampaignQueued,
  staleQueuedCampaigns,
} from "./campaigns";
import {
  audiencePage,
  deactivateSubscriber,
  findSubscriber,
  insertOrReactivateSubscriber,
  listSubscribers,
  localeForEmail,
  subscriberStats,
} from "./subscribers";
import type { NewsletterService } from "./types";
import { createUnsubscribeTokens } from "./unsubscribe-token";

const DUPLICATE_MESSAGE = "Email already subscribed to newsletter";
const RATE_LIMITED_MESSAGE = "Too many signups from your network. Please try again later.";

/** Subscribers per multi-row outbox insert while queueing a campaign. */
const QUEUE_CHUNK = 500;
/** A campaign still "queued" this long after creation was cut short and is queued again. */
const STALE_QUEUE_MS = 60_000;
const TOKEN_PLACEHOLDER = "__GP_UNSUBSCRIBE_TOKEN__";

export interface NewsletterDeps {
  db: Db;
  outbox: Outbox;
  log: Logger;
  publicUrl: string;
  /** Signs unsubscribe links (the auth secret). */
  secret: string;
  /** Signups per IP address per 10 minutes (in memory, per process). */
  signupsPerIp?: number;
  /** Runs processCampaigns every 5 seconds on the job leader. */
  jobs: Pick<Scheduler, "register">;
}

export type Newsletter = NewsletterService & {
  /** The links a subscriber's mails carry (the page in the subscriber's language). */
  unsubscribeLinks(subscriberId: string, locale?: Lang): { pageUrl: string; oneClickUrl: string };
  /** Job body: finishes interrupted campaign queueing and marks delivered campaigns done. */
  processCampaigns(): Promise<void>;
};

export function createNewsletter(deps: NewsletterDeps): Newsletter {
  const { db, outbox, log } = deps;
  const siteUrl = deps.publicUrl.replace(/\/$/, "");
  const tokens = createUnsubscribeTokens(deps.secret);
  const signupLimiter = createRateLimiter(db, {
    name: "newsletter-signup",
    limit: deps.signupsPerIp ?? 20,
    windowMs: 10 * 60_000,
  });

  // Arabic pages live under /ar; the one-click endpoint is an API path, the same in every language.
  const sitePath = (locale: Lang) => (locale === "ar" ? `${siteUrl}/ar` : siteUrl);
  const linksFor = (token: string, locale: Lang = "en") => ({
    pageUrl: `${sitePath(locale)}/newsletter/unsubscribe?token=${token}`,
    oneClickUrl: `${siteUrl}/api/newsletter/unsubscribe?token=${token}`,
  });
  const unsubscribeLinks = (subscriberId: string, locale: Lang = "en") =>
    linksFor(tokens.sign(subscriberId), locale);

  async function enqueueWelcome(sub: {
    id: string;
    email: string;
    fullName: string;
    frequency: any;
    locale: Lang;
    subscribedAt: Date;
  }) {
    try {
      await outbox.enqueue(
        welcomeMail({
          key: `welcome:${sub.id}:${sub.subscribedAt.getTime()}`,
          to: sub.email,
          name: sub.fullName,
          frequency: sub.frequency,
          siteUrl: sitePath(sub.locale),
          unsubscribe: unsubscribeLinks(sub.id, sub.locale),
          locale: sub.locale,
        }),
      );
    } catch (err) {
      // The signup stands even if its welcome mail cannot be queued.
      log.error({ err, subscriberId: sub.id }, "welcome email could not be queued");
    }
  }

  /** Idempotent: one outbox row per (campaign, subscriber), so it can run again after a crash. */
  async function queueCampaign(campaign: CampaignRow): Promise<number> {
    // Rendered once per language (the frame and footer follow the subscriber's language).
    const renderedIn = new Map<Lang, ReturnType<typeof newsletterEmail>>();
    const render = (locale: Lang) => {
      let rendered = renderedIn.get(locale);
      if (!rendered) {
        rendered = newsletterEmail({
          subject: campaign.subject,
          content: campaign.contentMarkdown,
          frequency: campaign.frequency,
          unsubscribeUrl: linksFor(TOKEN_PLACEHOLDER, locale).pageUrl,
          locale,
        });
        renderedIn.set(locale, rendered);
      }
      return rendered;
    };
    let afterId: string | null = null;
    for (;;) {
      const page = await audiencePage(db, {
        frequency: campaign.frequency,
        campaignId: campaign.id,
        afterId,
        limit: QUEUE_CHUNK,
      });
      if (page.length === 0) break;
      const mails: OutgoingMail[] = page.map((sub) => {
        const token = tokens.sign(sub.id);
        const rendered = render(toLang(sub.locale));
        return {
          idempotencyKey: `newsletter:${campaign.id}:${sub.id}`,
          kind: "newsletter",
          to: sub.email,
          subject: rendered.subject,
          html: rendered.html.replaceAll(TOKEN_PLACEHOLDER, token),
          text: rendered.text.replaceAll(TOKEN_PLACEHOLDER, token),
          headers: unsubscribeHeaders(linksFor(token).oneClickUrl),
          campaignId: campaign.id,
        };
      });
      await outbox.enqueueMany(mails);
      afterId = page[page.length - 1]!.id;
    }
    const [{ n }] = await db
      .select({ n: count() })
      .from(mailOutbox)
      .where(eq(mailOutbox.campaignId, campaign.id));
    await markCampaignQueued(db, campaign.id, Number(n));
    return Number(n);
  }

  const newsletter: Newsletter = {
    unsubscribeLinks,

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
        // Two signups racing for one address: the loser meets the unique index (23505: 'Email already subscribed').
        if (
          (err as { code?: string; cause?: { code?: string } })?.code === "23505" ||
          (err as any)?.cause?.code === "23505"
        ) {
          throw new AppError("conflict:newsletter_duplicate", DUPLICATE_MESSAGE);
        }
        throw err;
      }
      if (!row) throw new AppError("conflict:newsletter_duplicate", DUPLICATE_MESSAGE);
      log.info({ subscriberId: row.id, source: input.source }, "newsletter signup");
      if (input.source === "full") await enqueueWelcome(row);
      return { id: row.id, email: row.email };
    },

    async unsubscribeInfo(token) {
      const id = tokens.verify(token);
      const sub = id ? await findSubscriber(db, id) : null;
      return sub ? { email: sub.email, isActive: sub.isActive } : null;
    },

    async unsubscribe(token) {
      const id = tokens.verify(token);
      if (!id) return null;
      const row = await deactivateSubscriber(db, id);
      if (row) log.info({ subscriberId: id }, "newsletter unsubscribe");
      return row;
    },

    subscribers: (opts) => listSubscribers(db, opts),
    stats: () => subscriberStats(db),

    async sendCampaign(input) {
      const campaign = await insertCampaign(db, {
        subject: input.subject.trim(),
        content: input.content,
        frequency: input.frequency,
        isTest: false,
        createdBy: input.createdBy ?? null,
      });
      const queued = await queueCampaign(campaign);
      log.info({ campaignId: campaign.id, queued, frequency: input.frequency }, "newsletter campaign queued");
      return { campaignId: campaign.id, queued };
    },

    async sendTest(input) {
      const campaign = await insertCampaign(db, {
        subject: input.subject.trim(),
        content: input.content,
        frequency: DEFAULT_FREQUENCY,
        isTest: true,
        createdBy: null,
      });
      const rendered = newsletterEmail({ subject: campaign.subject, content: input.content, isTest: true });
      await outbox.enqueue({
        idempotencyKey: `newsletter-test:${campaign.id}`,
        kind: "newsletter-test",
        to: input.testEmail.trim(),
        campaignId: campaign.id,
        ...rendered,
      });
    },

    campaigns: (opts) => campaignProgress(db, { limit: opts?.limit }),
    async campaign(id) {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
      const [row] = await campaignProgress(db, { ids: [id], limit: 1 });
      return row ?? null;
    },

    async sendWelcome(input) {
      const locale = await localeForEmail(db, input.email.trim());
      await outbox.enqueue(
        welcomeMail({
          key: `welcome:direct:${randomUUID()}`,
          to: input.email.trim(),
          name: input.fullName,
          frequency: input.frequency,
          siteUrl: sitePath(locale),
          locale,
        }),
      );
    },

    async sendBrokerSelection(input) {
      await outbox.enqueue(
        brokerSelectionMail({
          key: `broker-selection:${randomUUID()}`,
          to: input.email.trim(),
          name: input.fullName,
          broker: input.brokerName,
          locale: await localeForEmail(db, input.email.trim()),
        }),
      );
    },

    previews: () => templatePreviews(siteUrl),

    async processCampaigns() {
      for (const campaign of await staleQueuedCampaigns(db, new Date(Date.now() - STALE_QUEUE_MS))) {
        const queued = await queueCampaign(campaign);
        log.warn({ campaignId: campaign.id, queued }, "interrupted campaign queueing resumed");
      }
      const done = await completeFinishedCampaigns(db);
      for (const { id } of done) log.info({ campaignId: id }, "newsletter campaign delivered");
    },
  };
  deps.jobs.register({
    name: "newsletter-campaigns",
    intervalMs: 5_000,
    run: () => newsletter.processCampaigns(),
  });
  return newsletter;
}
