import { count } from "drizzle-orm";
import { ADMIN_MESSAGES, type ContentEntity } from "#common/admin/forms";
import type { InboxFilter } from "#server/forms/submissions";
import { renderMarkdown } from "../content/markdown";
import { user } from "../db/schema";
import { type Actor, runAdminAction } from "./actions";
import { type AuditEntry, listAudit, recordAudit } from "./audit";
import { getContent, listContent } from "./content/entities";
import { siteHealth } from "./health";
import { getMail, type MailStatus } from "./mail";
import { providerStatus, readSettings } from "./site-settings";
import type { AdminDeps } from "./types";
import { searchUsers } from "./users";

const PAGE_SIZE = 20;
const RECENT_SUBSCRIBERS = 10; // the recent subscribers table shows the first 10

/** Logs the real error and hands the UI the text it shows instead. */
async function orFailure<T>(s: AdminDeps, what: string, fn: () => Promise<T> | T) {
  try {
    return { value: await fn(), error: null as string | null };
  } catch (err) {
    s.log.error({ err }, `admin: ${what} failed`);
    return { value: null, error: what };
  }
}

/** Everything the admin area reads; writes go through `run` (validated, audited). */
export function createAdmin(s: AdminDeps) {
  return {
    async overview(opts: { inboxFilter: InboxFilter; inboxPage: number; auditPage: number }) {
      const [[users], subscribers, health, inbox, audit] = await Promise.all([
        s.db.select({ n: count() }).from(user),
        s.newsletter.stats(),
        siteHealth(s),
        s.forms.submissions({ filter: opts.inboxFilter, page: opts.inboxPage, pageSize: PAGE_SIZE }),
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
    },

    users: (opts: { query?: string; page: number }) => searchUsers(s.db, { ...opts, pageSize: PAGE_SIZE }),

    async content(opts: { entity: ContentEntity; query?: string; page: number; edit?: string | null }) {
      const list = await listContent(s.db, opts.entity, { ...opts, pageSize: PAGE_SIZE });
      const editing =
        opts.edit && opts.edit !== "new" && /^[0-9a-f-]{36}$/i.test(opts.edit)
          ? await getContent(s.db, opts.entity, opts.edit)
          : null;
      return { ...list, editing };
    },

    async newsletter(opts: { page: number; query?: string }) {
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
    },

    async emailTemplates(opts: { status?: MailStatus; page: number; mailId?: string | null }) {
      const previews = await orFailure(s, "Failed to render the email templates", () =>
        s.newsletter.previews(),
      );
      const mail = await s.outbox.page({ status: opts.status, page: opts.page, pageSize: PAGE_SIZE });
      const selected =
        opts.mailId && /^[0-9a-f-]{36}$/i.test(opts.mailId) ? await getMail(s.outbox, opts.mailId) : null;
      return {
        previews: previews.value ?? [],
        previewsError: previews.error,
        mail,
        selected,
      };
    },

    settings() {
      return { values: readSettings(s), providers: providerStatus(s) };
    },

    /** For audited reads outside `run` (exports). */
    audit: (entry: AuditEntry) => recordAudit(s.db, entry),

    run: (actor: Actor, form: Record<string, string>) => runAdminAction(s, actor, form),

    /** The article pages' own renderer, so the preview matches. */
    renderMarkdown,

    /** Every subscriber as CSV (spreadsheet formulas neutralised), paged through the newsletter service. */
    async subscribersCsv(): Promise<string> {
      const nl = s.newsletter;
      const cell = (v: unknown) => {
        let text = v instanceof Date ? v.toISOString() : v == null ? "" : String(v);
        if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
        return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
      };
      const lines = ["email,full_name,company,interests,frequency,is_active,subscribed_at"];
      for (let page = 1; ; page++) {
        const { rows } = await nl.subscribers({ page, pageSize: 1_000, includeInactive: true });
        for (const r of rows)
          lines.push(
            [r.email, r.fullName, r.company, r.interests, r.frequency, r.isActive, r.subscribedAt]
              .map(cell)
              .join(","),
          );
        if (rows.length < 1_000) break;
      }
      return `${lines.join("\r\n")}\r\n`;
    },
  };
}

export type AdminService = ReturnType<typeof createAdmin>;
