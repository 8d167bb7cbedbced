import type { Config } from "#server/config";
import type { ContentService } from "#server/content/types";
import type { Database, Db } from "#server/db/client";
import type { Scheduler } from "#server/jobs/scheduler";
import type { Logger } from "#server/logger";
import type { Outbox } from "#server/mail/outbox";
import type { MarketService } from "#server/market/types";
import type { NewsletterService } from "#server/newsletter/types";
import type { Settings } from "#server/settings/settings";
import type { SiteForms } from "#server/site-forms/types";

/**
 * What the admin area reads and writes through. Users, roles and the audit log are its own
 * tables; mail, subscribers and form submissions are read through their features' services.
 */
export interface AdminDeps {
  config: Config;
  log: Logger;
  database: Database;
  db: Db;
  jobs: Pick<Scheduler, "status" | "isLeader">;
  settings: Settings;
  outbox: Outbox;
  /** Hero symbols are checked against it; the status card reads its last tick. */
  market: MarketService;
  newsletter: NewsletterService;
  siteForms: Pick<SiteForms, "submissions" | "setHandled">;
  /** Articles, brokers and the blacklist are edited through it (same rules as the public pages). */
  content: ContentService;
  /** Bans end every session of the user. */
  revokeAllSessions(userId: string): Promise<void>;
}
