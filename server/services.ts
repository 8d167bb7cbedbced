import { eq } from "drizzle-orm";
import type { Express } from "express";
import type { AdminService } from "./admin/service";
import { createAdmin } from "./admin/service";
import { createAlerts } from "./alerts/service";
import type { PriceAlerts } from "./alerts/types";
import type { Auth } from "./auth/auth";
import { createAuth } from "./auth/auth";
import { isAdmin } from "./auth/roles";
import { type CalendarFeature, registerCalendar } from "./calendar";
import { type ChatService, createChat } from "./chat";
import type { Config } from "./config";
import { type ContentService, registerContent } from "./content";
import type {
  AlertsService,
  CalendarService,
  MarketService,
  NewsletterService,
  NewsService,
} from "./contracts";
import type { Database, Db } from "./db/client";
import { openPglite, openPostgres } from "./db/client";
import { lockDataDir } from "./db/data-dir-lock";
import { runMigrations } from "./db/migrate";
import { session } from "./db/schema";
import type { Forms } from "./forms/service";
import { createForms } from "./forms/service";
import type { Scheduler } from "./jobs/scheduler";
import { createScheduler } from "./jobs/scheduler";
import type { Logger } from "./logger";
import type { Outbox } from "./mail/outbox";
import { createOutbox } from "./mail/outbox";
import { createCaptureTransport, createSmtpTransport } from "./mail/transports";
import { createMarket } from "./market/service";
import { createInstrumentDirectory } from "./market/universe";
import { createInstrumentsService, type InstrumentsService } from "./market/universe/api";
import { listingSourceFromConfig, registerListingRefresh } from "./market/universe/refresh";
import { type NewsAnalyticsService, registerNews } from "./news";
import { mountOneClickUnsubscribe } from "./newsletter/http";
import { createNewsletter } from "./newsletter/service";
import { registerRateLimitSweep } from "./rate-limit/limiter";
import type { Bus } from "./realtime/bus";
import { createBus } from "./realtime/bus";
import type { SseHub } from "./realtime/sse-hub";
import { createSseHub } from "./realtime/sse-hub";
import { registerSearch, type SearchService } from "./search";
import { createSeo, type SeoService } from "./seo/service";
import type { Settings } from "./settings/settings";
import { createSettings, loadOrCreateAuthSecret } from "./settings/settings";
import { createUserLocales, type UserLocales } from "./users/locale";

export type HttpMount = (app: Express) => void;

/** Everything routes and jobs use, built once per process (the composition root's product). */
export interface Services {
  config: Config;
  log: Logger;
  database: Database;
  db: Db;
  bus: Bus;
  jobs: Scheduler;
  settings: Settings;
  outbox: Outbox;
  auth: Auth;
  /** One Server-Sent Events stream per tab: market ticks and the user's notifications. */
  sse: SseHub;
  isAdmin(userId: string): Promise<boolean>;
  /** Global sign-out (spec §4) and bans: every session of the user ends. */
  revokeAllSessions(userId: string): Promise<void>;
  /** The admin area's reads and audited writes (issue 8). */
  admin: AdminService;
  /** The user's remembered language (`users.locale`, issue 10): `users.setLocale(userId, "ar")`. */
  users: UserLocales;
  // Feature services (contracts in contracts.ts); each is set by its feature's wiring below.
  market?: MarketService;
  /** Every listed Gulf company plus the curated catalogue: lookup and search (GET /api/instruments). */
  instruments?: InstrumentsService;
  alerts?: AlertsService;
  news?: NewsService;
  calendar?: CalendarService;
  /** The economic calendar's full API for its pages (reminders, editor, time zones); same object as `calendar`. */
  economicCalendar?: CalendarFeature;
  newsletter?: NewsletterService;
  /** The AI market assistant (issue 5): POST /api/chat and the user's saved conversations. */
  chat?: ChatService;
  /** The news analytics dashboard (issue 6): feed, summaries, sentiment, education; same object as `news`. */
  newsAnalytics?: NewsAnalyticsService;
  /** Contact, partnership and access-request forms (issue 7). */
  forms?: Forms;
  /** Editorial articles, brokers and the blacklist (issue 6); the admin area edits through it. */
  content?: ContentService;
  /** Site search (issue 6): ranked full-text search with highlighted matches. */
  search?: SearchService;
  /** The alerts feature's full API for its pages (toggle, delete, notifications); same object as `alerts`. */
  priceAlerts?: PriceAlerts;
  /** sitemap.xml, robots.txt and the RSS feed of the site's own articles (issue 9). */
  seo?: SeoService;
  /** Raw Express handlers of features (SSE, one-click unsubscribe), mounted before the router. */
  httpMounts: HttpMount[];
  /** Called on shutdown, in reverse order of creation. */
  onClose(fn: () => Promise<void> | void): void;
  close(): Promise<void>;
}

export async function openDatabase(config: Config, log: Logger) {
  if (config.DATABASE_URL) {
    return { database: await openPostgres(config.DATABASE_URL), release: () => {} };
  }
  const release = lockDataDir(config.dataDir);
  try {
    const database = await openPglite(config.dataDir);
    log.info({ dataDir: config.dataDir }, "embedded PGlite database opened");
    return { database, release };
  } catch (err) {
    release();
    throw err;
  }
}

/** Builds the services on an open database (tests pass their own PGlite). */
export async function createServices(
  config: Config,
  log: Logger,
  database: Database,
  release: () => void = () => {},
): Promise<Services> {
  const closers: Array<() => Promise<void> | void> = [release, () => database.close()];
  await runMigrations(database);
  const db = database.db;
  const bus = await createBus(database, log);
  closers.push(() => bus.close());
  const jobs = createScheduler(database, log, config.JOBS_ENABLED);
  closers.push(() => jobs.stop());
  const settings = await createSettings(db, bus);
  const transport = config.SMTP_URL
    ? createSmtpTransport(config.SMTP_URL, config.MAIL_FROM)
    : createCaptureTransport(log);
  closers.push(() => transport.close());
  const outbox = createOutbox(db, transport, log, {
    maxAttempts: config.MAIL_MAX_ATTEMPTS,
    ratePerSecond: config.MAIL_RATE_PER_SECOND,
  });
  registerRateLimitSweep(jobs, db);
  jobs.register({
    name: "mail-outbox",
    intervalMs: 2_000,
    run: async (signal) => void (await outbox.drain(signal)),
  });
  const authSecret = await loadOrCreateAuthSecret(db, config.authSecret);
  const auth = createAuth({
    db,
    config: { ...config, authSecret },
    outbox,
    log,
    requireVerifiedEmail: () =>
      settings.get<boolean>("requireVerifiedEmail", config.REQUIRE_EMAIL_VERIFICATION) !== false,
  });

  const sse = createSseHub({
    log,
    resolveUserId: async (headers) => (await auth.api.getSession({ headers }))?.user.id ?? null,
  });
  closers.push(() => sse.closeAll());

  const services: Services = {
    config,
    log,
    database,
    db,
    bus,
    jobs,
    settings,
    outbox,
    auth,
    isAdmin: (userId) => isAdmin(db, userId, log),
    revokeAllSessions: async (userId) => void (await db.delete(session).where(eq(session.userId, userId))),
    sse,
    // Reads the feature services (market, newsletter...) at call time, whenever they were wired.
    admin: createAdmin(() => services),
    users: createUserLocales(db),
    httpMounts: [(app) => sse.mount(app)],
    onClose: (fn) => void closers.push(fn),
    async close() {
      for (const fn of closers.reverse()) {
        try {
          await fn();
        } catch (err) {
          log.warn({ err }, "error while closing");
        }
      }
    },
  };
  // Feature services are created here, each on the services above.
  services.market = await createMarket({ config, log, db, bus, jobs, settings, sse });
  // Every listed company: the table is seeded from the shipped file (skipped while unchanged).
  const directory = createInstrumentDirectory(database);
  await directory.sync(settings);
  services.instruments = createInstrumentsService(directory, () =>
    services.market ? services.market.catalogue() : [],
  );
  registerListingRefresh(jobs, { db, log, bus, directory }, listingSourceFromConfig(config));
  services.chat = createChat(services);

  // News ingestion, analysis and the economic calendar (issue 6).
  registerNews(services);
  registerCalendar(services);
  // Editorial content and site search (issue 6).
  registerContent(services);
  registerSearch(services);
  services.seo = createSeo({
    publicUrl: config.publicUrl,
    settings,
    content: () => services.content,
    market: () => services.market,
  });

  // Price alerts (issue 4): they evaluate the market service's ticks (started below).
  const priceAlerts = createAlerts({
    db,
    bus,
    sse,
    outbox,
    jobs,
    log,
    publicUrl: config.publicUrl,
    market: () => services.market,
  });
  services.alerts = priceAlerts;
  services.priceAlerts = priceAlerts;
  closers.push(() => priceAlerts.stop());

  // Newsletter, campaigns and the site forms (issue 7).
  const newsletter = createNewsletter({ db, outbox, log, publicUrl: config.publicUrl, secret: authSecret });
  services.newsletter = newsletter;
  services.forms = createForms({ db, outbox, log, teamAddress: config.MAIL_TEAM_ADDRESS });
  services.httpMounts.push(mountOneClickUnsubscribe(newsletter, log));
  jobs.register({
    name: "newsletter-campaigns",
    intervalMs: 5_000,
    run: () => newsletter.processCampaigns(),
  });

  // Started once every feature is wired: the alerts index listens to the market's ticks.
  await priceAlerts.start();

  return services;
}
