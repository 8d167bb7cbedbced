import type { Lang } from "#common/locale";
import type { Db } from "../db/client";
import type { Scheduler } from "../jobs/scheduler";
import type { Logger } from "../logger";
import type { Outbox } from "../mail/outbox";
import { campaignSender } from "./campaign-queue";
import { campaignProgress } from "./campaigns";
import { directMails } from "./direct-mails";
import { newsletterLinks } from "./links";
import { newsletterSignup } from "./signup";
import { listSubscribers, subscriberStats } from "./subscribers";
import type { NewsletterService } from "./types";

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

/**
 * The newsletter in parts: the addresses its mails carry (links.ts), signing up and out
 * (signup.ts), queueing campaigns (campaign-queue.ts), one-off mails (direct-mails.ts), and the
 * tables' queries (subscribers.ts, campaigns.ts). createNewsletter only wires them.
 */
export function createNewsletter(deps: NewsletterDeps): Newsletter {
  const { db, outbox, log } = deps;
  const links = newsletterLinks(deps.publicUrl, deps.secret);
  const sending = campaignSender({ db, outbox, log, links });
  const newsletter: Newsletter = {
    unsubscribeLinks: links.unsubscribeLinks,
    ...newsletterSignup({ db, outbox, log, links, signupsPerIp: deps.signupsPerIp }),
    subscribers: (opts) => listSubscribers(db, opts),
    stats: () => subscriberStats(db),
    ...sending,
    campaigns: (opts) => campaignProgress(db, { limit: opts?.limit }),
    async campaign(id) {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
      const [row] = await campaignProgress(db, { ids: [id], limit: 1 });
      return row ?? null;
    },
    ...directMails(db, outbox, links),
  };
  deps.jobs.register({
    name: "newsletter-campaigns",
    intervalMs: 5_000,
    run: () => newsletter.processCampaigns(),
  });
  return newsletter;
}
