import type { ContentEntity } from "#common/admin/forms";
import type { MailStatus } from "#server/admin/mail";
import type { AdminService } from "#server/admin/service";

/** The admin page's tabs, in display order (`/admin?tab=<name>`). */
export const ADMIN_TABS = [
  "overview",
  "users",
  "content",
  "newsletter",
  "email-templates",
  "settings",
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

type Answer<K extends keyof AdminService> = AdminService[K] extends (...args: never[]) => infer R
  ? Awaited<R>
  : never;

/** What each tab's component receives: the admin service's answer plus the query that asked for it. */
export interface TabDataMap {
  overview: Answer<"overview">;
  users: { q: string; page: number } & Answer<"users">;
  content: { entity: ContentEntity; q: string; page: number; edit: string | null } & Answer<"content">;
  newsletter: { page: number; q: string } & Answer<"newsletter">;
  emailTemplates: { status: MailStatus | null; page: number } & Answer<"emailTemplates">;
  settings: Answer<"settings">;
}

/** What one tab's component receives. */
export type TabData<K extends keyof TabDataMap> = TabDataMap[K];

/** The admin loader's answer: the open tab, the signed-in admin and that one tab's data. */
export type AdminPageData = { tab: AdminTab; me: { id: string; email: string } } & {
  [K in keyof TabDataMap]: { [P in K]: TabDataMap[P] };
}[keyof TabDataMap];
