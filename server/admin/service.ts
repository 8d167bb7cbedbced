import { count, eq } from "drizzle-orm";
import { ADMIN_MESSAGES, type ContentEntity } from "#common/admin/forms";
import { renderMarkdown } from "../content/markdown";
import { newsletterSubscribers, user } from "../db/schema";
import type { Services } from "../services";
import { type Actor, runAdminAction } from "./actions";
import { type AuditEntry, listAudit, recordAudit } from "./audit";
import { getContent, listContent } from "./content/entities";
import { siteHealth } from "./health";
import { type InboxFilter, listSubmissions } from "./inbox";
import { getMail, listMail, type MailStatus } from "./mail";
import { providerStatus, readSettings } from "./site-settings";
import { searchUsers } from "./users";

const PAGE_SIZE = 20;
const RECENT_SUBSCRIBERS = 10; // the recent subscribers table shows the first 10

/** Logs the real error and hands the UI the text it shows instead. */
async function orFailure<T>(s: Services, what: string, fn: () => Promise<T> | T) {
  try {
    return { value: await fn(), error: null as string | null };
  } catch (err) {
    s.log.error({ err }, `admin: ${what} failed`);
    return { value: null, error: what };
  }
}

/** Everything the admin area reads; writes go through `run` (validated, audited). */
export function createAdmin(getServices: () => Services) {
  const s = () => getServices();
  return {
    async overview(opts: { inboxFilter: InboxFilter; inboxPage: number; auditPage: number }) {
      const svc = s();
      const [[users], [subscribers], health, inbox, audit] = await Promise.all([
        svc.db.select({ n: count() }).from(user),
        svc.db
          .select({ n: count() })
          .from(newsletterSubscribers)
          .where(eq(newsletterSubscribers.isActive, true)),
        siteHealth(svc),
        listSubmissions(svc.db, { filter: opts.inboxFilter, page: opts.inboxPage, pageSize: PAGE_SIZE }),
        listAudit(svc.db, { page: opts.auditPage, pageSize: PAGE_SIZE }),
      ]);
      let templates = 0;
      try {
        templates = svc.newsletter?.previews().length ?? 0;
      } catch (err) {
        svc.log.error({ err }, "admin: template previews failed");
      }
      return {
        counts: { users: users.n, subscribers: subscribers.n, templates },
        health,
        // Each market source's health, budget use, last success and last error.
        market: svc.market?.status?.() ?? null,
        inbox,
        audit,
      };
    },

    users: (opts: { query?: string; page: number }) => searchUsers(s().db, { ...opts, pageSize: PAGE_SIZE }),

    async content(opts: { entity: ContentEntity; query?: string; page: number; edit?: string | null }) {
      const svc = s();
      const list = await listContent(svc.db, opts.entity, { ...opts, pageSize: PAGE_SIZE });
      const editing =
        opts.edit && opts.edit !== "new" && /^[0-9a-f-]{36}$/i.test(opts.edit)
          ? await getContent(svc.db, opts.entity, opts.edit)
          : null;
      return { ...list, editing };
    },

    async newsletter(opts: { page: number; query?: string }) {
      const svc = s();
      const nl = svc.newsletter;
      if (!nl) {
        return {
          available: false,
          stats: null,
          recent: null,
          list: null,
          campaigns: null,
          subscribersError: ADMIN_MESSAGES.fetchSubscribersFailed,
          statsError: ADMIN_MESSAGES.fetchSubscribersFailed,
          campaignsError: null,
        };
      }
      const [stats, recent, list, campaigns] = await Promise.all([
        orFailure(svc, ADMIN_MESSAGES.fetchSubscribersFailed, () => nl.stats()),
        orFailure(svc, ADMIN_MESSAGES.fetchSubscribersFailed, () =>
          nl.subscribers({ page: 1, pageSize: RECENT_SUBSCRIBERS }),
        ),
        orFailure(svc, ADMIN_MESSAGES.fetchSubscribersFailed, () =>
          nl.subscribers({ page: opts.page, pageSize: PAGE_SIZE, query: opts.query, includeInactive: true }),
        ),
        orFailure(svc, "Failed to fetch campaigns", () => nl.campaigns()),
      ]);
      return {
        available: true,
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
      const svc = s();
      const previews = await orFailure(
        svc,
        "Failed to render the email templates",
        () => svc.newsletter?.previews() ?? [],
      );
      const mail = await listMail(svc.db, { status: opts.status, page: opts.page, pageSize: PAGE_SIZE });
      const selected =
        opts.mailId && /^[0-9a-f-]{36}$/i.test(opts.mailId) ? await getMail(svc.db, opts.mailId) : null;
      return {
        available: Boolean(svc.newsletter),
        previews: previews.value ?? [],
        previewsError: previews.error,
        mail,
        selected,
      };
    },

    settings() {
      const svc = s();
      return { values: readSettings(svc), providers: providerStatus(svc) };
    },

    /** For audited reads outside `run` (exports). */
    audit: (entry: AuditEntry) => recordAudit(s().db, entry),

    run: (actor: Actor, form: Record<string, string>) => runAdminAction(s(), actor, form),

    /** The article pages' own renderer when the content service is wired, so the preview matches. */
    renderMarkdown,

    /** Every subscriber as CSV (spreadsheet formulas neutralised), paged through the contract. */
    async subscribersCsv(): Promise<string> {
      const nl = s().newsletter;
      if (!nl) throw new Error("The newsletter service is not available.");
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
