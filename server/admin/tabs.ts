import { count } from "drizzle-orm";
import { ADMIN_MESSAGES, type ContentEntity } from "#common/admin/forms";
import type { InboxFilter } from "#server/site-forms/types";
import { user } from "../db/schema";
import { listAudit } from "./audit";
import { getContent, listContent } from "./content/entities";
import { siteHealth } from "./health";
import { getMail, type MailStatus } from "./mail";
import type { AdminDeps } from "./types";

/** What each admin tab reads, one function a tab. */

export const PAGE_SIZE = 20;
const RECENT_SUBSCRIBERS = 10; // the recent subscribers table shows the first 10
const UUID = /^[0-9a-f-]{36}$/i;

/** Logs the real error and hands the UI the text it shows instead. */
async function orFailure<T>(s: AdminDeps, what: string, fn: () => Promise<T> | T) {
  try {
    return { value: await fn(), error: null as string | null };
  } catch (err) {
    s.log.error({ err }, `admin: ${what} failed`);
    return { value: null, error: what };
  }
}

export async function overviewTab(
  s: AdminDeps,
  opts: { inboxFilter: InboxFilter; inboxPage: number; auditPage: number },
) {
  const [[users], subscribers, health, inbox, audit] = await Promise.all([
    s.db.select({ n: count() }).from(user),
    s.newsletter.stats(),
    siteHealth(s),
    s.siteForms.submissions({ filter: opts.inboxFilter, page: opts.inboxPage, pageSize: PAGE_SIZE }),
    listAudit(s.db, { page: opts.auditPage, pageSize: PAGE_SIZE }),
  ]);
  let templates = 0;
  try {
    templates = s.newsletter.previews().length;
  } catch (err) {
    s.log.error({ err }, "admin: template previews failed");
  }
  return {
    counts: { users: users!.n, subscribers: subscribers.active, templates },
    health,
    // Each market source's health, budget use, last success and last error.
    market: s.market.status?.() ?? null,
    inbox,
    audit,
  };
}

export async function contentTab(
  s: AdminDeps,
  opts: { entity: ContentEntity; query?: string; page: number; edit?: string | null },
) {
  const list = await listContent(s.db, opts.entity, { ...opts, pageSize: PAGE_SIZE });
  const editing =
    opts.edit && opts.edit !== "new" && UUID.test(opts.edit)
      ? await getContent(s.db, opts.entity, opts.edit)
      : null;
  return { ...list, editing };
}

export async function newsletterTab(s: AdminDeps, opts: { page: number; query?: string }) {
  const nl = s.newsletter;
  const [stats, recent, list, campaigns] = await Promise.all([
    orFailure(s, ADMIN_MESSAGES.fetchSubscribersFailed, () => nl.stats()),
    orFailure(s, ADMIN_MESSAGES.fetchSubscribersFailed, () =>
      nl.subscribers({ page: 1, pageSize: RECENT_SUBSCRIBERS }),
    ),
    orFailure(s, ADMIN_MESSAGES.fetchSubscribersFailed, () =>
      nl.subscribers({ page: opts.page, pageSize: PAGE_SIZE, query: opts.query, includeInactive: true }),
    ),
    orFailure(s, "Failed to fetch campaigns", () => nl.campaigns()),
  ]);
  return {
    stats: stats.value,
    recent: recent.value,
    list: list.value,
    campaigns: campaigns.value,
    subscribersError: recent.error ?? list.error,
    statsError: stats.error,
    campaignsError: campaigns.error,
  };
}

export async function emailTemplatesTab(
  s: AdminDeps,
  opts: { status?: MailStatus; page: number; mailId?: string | null },
) {
  const previews = await orFailure(s, "Failed to render the email templates", () => s.newsletter.previews());
  const mail = await s.outbox.page({ status: opts.status, page: opts.page, pageSize: PAGE_SIZE });
  const selected = opts.mailId && UUID.test(opts.mailId) ? await getMail(s.outbox, opts.mailId) : null;
  return {
    previews: previews.value ?? [],
    previewsError: previews.error,
    mail,
    selected,
  };
}
