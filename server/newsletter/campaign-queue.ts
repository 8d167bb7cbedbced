import { count, eq } from "drizzle-orm";
import { type Lang, toLang } from "#common/locale";
import { DEFAULT_FREQUENCY } from "#common/newsletter-schema";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema";
import type { Logger } from "../logger";
import { newsletterEmail, unsubscribeHeaders } from "../mail/mails";
import type { Outbox, OutgoingMail } from "../mail/outbox";
import {
  type CampaignRow,
  completeFinishedCampaigns,
  insertCampaign,
  markCampaignQueued,
  staleQueuedCampaigns,
} from "./campaigns";
import type { NewsletterLinks } from "./links";
import { audiencePage } from "./subscribers";
import type { NewsletterService } from "./types";

/**
 * Sending a campaign: one outbox row per (campaign, subscriber), queued in chunks, so queueing
 * cut short by a crash is simply run again; the campaigns job resumes it and marks delivered
 * campaigns done.
 */

/** Subscribers per multi-row outbox insert while queueing a campaign. */
const QUEUE_CHUNK = 500;
/** A campaign still "queued" this long after creation was cut short and is queued again. */
const STALE_QUEUE_MS = 60_000;
const TOKEN_PLACEHOLDER = "__GP_UNSUBSCRIBE_TOKEN__";

interface CampaignDeps {
  db: Db;
  outbox: Outbox;
  log: Logger;
  links: NewsletterLinks;
}

/** The version a subscriber of this language reads: the Arabic one when written, else the English. */
export function versionFor(
  campaign: Pick<CampaignRow, "subject" | "contentMarkdown" | "subjectAr" | "contentMarkdownAr">,
  locale: Lang,
): { subject: string; content: string } {
  if (locale === "ar" && campaign.subjectAr && campaign.contentMarkdownAr) {
    return { subject: campaign.subjectAr, content: campaign.contentMarkdownAr };
  }
  return { subject: campaign.subject, content: campaign.contentMarkdown };
}

/** Both versions given, or neither (blank fields are no version). */
function arabicOf(input: { subjectAr?: string | null; contentAr?: string | null }) {
  const subject = input.subjectAr?.trim();
  const content = input.contentAr?.trim();
  return subject && content ? { subject, content } : null;
}

/** The campaign rendered once per language (the frame, footer and version follow the subscriber's). */
function renderer(campaign: CampaignRow, links: NewsletterLinks) {
  const renderedIn = new Map<Lang, ReturnType<typeof newsletterEmail>>();
  return (locale: Lang) => {
    let rendered = renderedIn.get(locale);
    if (!rendered) {
      rendered = newsletterEmail({
        ...versionFor(campaign, locale),
        frequency: campaign.frequency,
        unsubscribeUrl: links.linksFor(TOKEN_PLACEHOLDER, locale).pageUrl,
        locale,
      });
      renderedIn.set(locale, rendered);
    }
    return rendered;
  };
}

/** Idempotent: one outbox row per (campaign, subscriber), so it can run again after a crash. */
async function queueCampaign({ db, outbox, links }: CampaignDeps, campaign: CampaignRow): Promise<number> {
  const render = renderer(campaign, links);
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
      const token = links.tokens.sign(sub.id);
      const rendered = render(toLang(sub.locale));
      return {
        idempotencyKey: `newsletter:${campaign.id}:${sub.id}`,
        kind: "newsletter",
        to: sub.email,
        subject: rendered.subject,
        html: rendered.html.replaceAll(TOKEN_PLACEHOLDER, token),
        text: rendered.text.replaceAll(TOKEN_PLACEHOLDER, token),
        headers: unsubscribeHeaders(links.linksFor(token).oneClickUrl),
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

export function campaignSender(deps: CampaignDeps) {
  const { db, outbox, log } = deps;
  const sender: Pick<NewsletterService, "sendCampaign" | "sendTest"> = {
    async sendCampaign(input) {
      const campaign = await insertCampaign(db, {
        subject: input.subject.trim(),
        content: input.content,
        arabic: arabicOf(input),
        frequency: input.frequency,
        isTest: false,
        createdBy: input.createdBy ?? null,
      });
      const queued = await queueCampaign(deps, campaign);
      log.info({ campaignId: campaign.id, queued, frequency: input.frequency }, "newsletter campaign queued");
      return { campaignId: campaign.id, queued };
    },

    async sendTest(input) {
      const campaign = await insertCampaign(db, {
        subject: input.subject.trim(),
        content: input.content,
        arabic: arabicOf(input),
        frequency: DEFAULT_FREQUENCY,
        isTest: true,
        createdBy: null,
      });
      // The English version, then the Arabic one in its own frame when it was written.
      const locales: Lang[] = campaign.subjectAr ? ["en", "ar"] : ["en"];
      for (const locale of locales) {
        const rendered = newsletterEmail({ ...versionFor(campaign, locale), isTest: true, locale });
        await outbox.enqueue({
          idempotencyKey: `newsletter-test:${campaign.id}${locale === "en" ? "" : `:${locale}`}`,
          kind: "newsletter-test",
          to: input.testEmail.trim(),
          campaignId: campaign.id,
          ...rendered,
        });
      }
    },
  };
  return {
    ...sender,
    /** Job body: finishes interrupted campaign queueing and marks delivered campaigns done. */
    async processCampaigns() {
      for (const campaign of await staleQueuedCampaigns(db, new Date(Date.now() - STALE_QUEUE_MS))) {
        const queued = await queueCampaign(deps, campaign);
        log.warn({ campaignId: campaign.id, queued }, "interrupted campaign queueing resumed");
      }
      const done = await completeFinishedCampaigns(db);
      for (const { id } of done) log.info({ campaignId: id }, "newsletter campaign delivered");
    },
  };
}
