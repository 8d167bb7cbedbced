import type { ContentEntity } from "#common/admin/forms";
import type { InboxFilter } from "#server/site-forms/types";
import { renderMarkdown } from "../content/markdown";
import { type Actor, runAdminAction } from "./actions";
import { type AuditEntry, recordAudit } from "./audit";
import type { MailStatus } from "./mail";
import { providerStatus, readSettings } from "./site-settings";
import { subscribersCsv } from "./subscribers-csv";
import { contentTab, emailTemplatesTab, newsletterTab, overviewTab, PAGE_SIZE } from "./tabs";
import type { AdminDeps } from "./types";
import { searchUsers } from "./users";

/**
 * Everything the admin area reads (one reader per tab, ./tabs.ts); writes go through `run`
 * (validated, audited).
 */
export function createAdmin(s: AdminDeps) {
  return {
    overview: (opts: { inboxFilter: InboxFilter; inboxPage: number; auditPage: number }) =>
      overviewTab(s, opts),
    users: (opts: { query?: string; page: number }) => searchUsers(s.db, { ...opts, pageSize: PAGE_SIZE }),
    content: (opts: { entity: ContentEntity; query?: string; page: number; edit?: string | null }) =>
      contentTab(s, opts),
    newsletter: (opts: { page: number; query?: string }) => newsletterTab(s, opts),
    emailTemplates: (opts: { status?: MailStatus; page: number; mailId?: string | null }) =>
      emailTemplatesTab(s, opts),
    settings() {
      return { values: readSettings(s), providers: providerStatus(s) };
    },
    /** For audited reads outside `run` (exports). */
    audit: (entry: AuditEntry) => recordAudit(s.db, entry),
    run: (actor: Actor, form: Record<string, string>) => runAdminAction(s, actor, form),
    /** The article pages' own renderer, so the preview matches. */
    renderMarkdown,
    /** Every subscriber as CSV (spreadsheet formulas neutralised), paged through the newsletter service. */
    subscribersCsv: () => subscribersCsv(s),
  };
}

export type AdminService = ReturnType<typeof createAdmin>;
