import { eq } from "drizzle-orm";
import type { Express } from "express";
import { type AdminService, createAdmin } from "./admin/service";
import { armedSymbols } from "./alerts/queries";
import { createAlerts } from "./alerts/service";
import type { Alerts } from "./alerts/types";
import type { Auth } from "./auth/auth";
import { createAuth } from "./auth/auth";
import { createSessions, type Sessions } from "./auth/sessions";
import { type SharedReads, withSharedReads } from "./cache/shared-reads";
import { createSharedSnapshots } from "./cache/shared-snapshots";
import { type CalendarFeature, createCalendarFeature } from "./calendar/service";
import { createChat } from "./chat/service";
import type { ChatService } from "./chat/types";
import { createCompany } from "./company/service";
import type { Company } from "./company/types";
import type { Config } from "./config";
import { articleTranslations } from "./content/machine-translation";
import { seedContent } from "./content/seed";
import { createContent } from "./content/service";
import type { ContentService } from "./content/types";
import type { Database, Db } from "./db/client";
import { openPglite, openPostgres } from "./db/client";
import { lockDataDir } from "./db/data-dir-lock";
import { runMigrations } from "./db/migrate";
import { session } from "./db/schema";
import type { Seed } from "./db/seed";
import { registerDeliveryRetention } from "./delivery/retention";
import { createDelivery, type Delivery } from "./delivery/service";
import { createDisclosures } from "./disclosures/service";
import type { Disclosures } from "./disclosures/types";
import { createDividends, type DividendsService } from "./dividends/service";
import type { Scheduler } from "./jobs/scheduler";
import { createScheduler } from "./jobs/scheduler";
import type { Logger } from "./logger";
import type { Outbox } from "./mail/outbox";
import { createOutbox } from "./mail/outbox";
import { createCaptureTransport, createSmtpTransport } from "./mail/transports";
import { createMarket, type Market, type MarketDeps } from "./market/service";
import { createInstrumentDirectory } from "./market/universe";
import { createInstrumentsService, type InstrumentsService } from "./market/universe/api";
import { listingSourceFromConfig, registerListingRefresh } from "./market/universe/refresh";
import { seedEducation, seedNewsFeeds } from "./news/seed";
import { createNews, type News } from "./news/service";
import { mountOneClickUnsubscribe } from "./newsletter/http";
import { createNewsletter, type Newsletter } from "./newsletter/service";
import { createOverview } from "./overview/service";
import type { Overview } from "./overview/types";
import { createPortfolios } from "./portfolio/service";
import type { Portfolios } from "./portfolio/types";
import { mountServiceWorker } from "./push/http";
import { createPush, type PushService } from "./push/service";
import { registerRateLimitSweep } from "./rate-limit/limiter";
import type { Bus } from "./realtime/bus";
import { createBus } from "./realtime/bus";
import type { SseHub } from "./realtime/sse-hub";
import { createSseHub } from "./realtime/sse-hub";
import { createScreens } from "./screens/service";
import type { Screens } from "./screens/types";
import { createSearch } from "./search/service";
import type { SearchService } from "./search/types";
import { createSeo } from "./seo/service";
import type { SeoService } from "./seo/types";
import { readLimit } from "./settings/limits";
import type { Settings } from "./settings/settings";
import { createSettings, loadOrCreateAuthSecret } from "./settings/settings";
import { createShariah } from "./shariah/service";
import type { Shariah } from "./shariah/types";
import { createSiteForms } from "./site-forms/service";
import type { SiteForms } from "./site-forms/types";
import { createTranslation } from "./translation/service";
import { createUserLocales } from "./users/service";
import type { UserLocales } from "./users/types";
import { createWatchlists } from "./watchlists/service";
import type { Watchlists } from "./watchlists/types";

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
  /** Who a request is (session and admin role), from memory while the bus vouches for it. */
  sessions: Sessions;
  isAdmin(userId: string): Promise<boolean>;
  /** Global sign-out and bans: every session of the user ends. */
  revokeAllSessions(userId: string): Promise<void>;
  /** The user's remembered language (`users.locale`): `users.setLocale(userId, "ar")`. */
  users: UserLocales;
  // One field per feature, each built by its `createX(deps)` in createServices below.
  market: Market;
  /** Every listed Gulf company plus the curated catalogue: lookup and search (GET /api/instruments). */
  instruments: InstrumentsService;
  /** The market at a glance: per company rows and per market summaries, kept per tick (/markets, the screener). */
  overview: Overview;
  /** A company's data beyond its quote: key statistics (GET /api/instruments/:symbol, the company page). */
  company: Company;
  /** Dividends and corporate actions: history, the editor, the calendar, reminders, split adjustment. */
  dividends: DividendsService;
  /** Published Shariah rulings per company and authority (the company page, the API, the admin). */
  shariah: Shariah;
  /** Company announcements from exchanges' feeds (the company page, search, watchers' notices). */
  disclosures: Disclosures;
  /** Ingested news for the news pages and the analytics dashboard (feed, summaries, sentiment). */
  news: News;
  /** The economic calendar: events, reminders, the editor and the reader's time zone. */
  calendar: CalendarFeature;
  /** Editorial articles, brokers and the blacklist; the admin area edits through it. */
  content: ContentService;
  /** The public pages' reads that are alike for every reader, from memory until they change. */
  shared: SharedReads;
  /** Site search: ranked full-text search with highlighted matches. */
  search: SearchService;
  /** sitemap.xml, robots.txt and the RSS feed of the site's own articles. */
  seo: SeoService;
  /** The push and webhook delivery queue and its worker, webhook endpoints and secrets, the delivery log. */
  delivery: Delivery;
  /** Web Push: the VAPID public key, the user's devices, the test push. */
  push: PushService;
  /** Price alerts, their notifications and the header bell. */
  alerts: Alerts;
  /** A user's named watchlists of instruments, and the alerts set on a whole list. */
  watchlists: Watchlists;
  /** A reader's portfolios: activities, the valuation, import and export, dividend proposals, alerts. */
  portfolios: Portfolios;
  /** A reader's saved screener screens, and the notices when a company enters or leaves one. */
  screens: Screens;
  /** Subscribers, campaigns and the newsletter mails. */
  newsletter: Newsletter;
  /** Contact, partnership and access-request forms, and the admin inbox. */
  siteForms: SiteForms;
  /** The AI market assistant: POST /api/chat and the user's saved conversations. */
  chat: ChatService;
  /** The admin area's reads and audited writes. */
  admin: AdminService;
  /** Each feature's idempotent demo-content seeder, in dependency order (`runSeeds`). */
  seeds: Record<string, Seed>;
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

/** What tests may replace in a feature's dependencies (a scripted price source, a clock). */
export interface ServiceOverrides {
  market?: Partial<Pick<MarketDeps, "provider" | "clock" | "jobs">>;
}

type Closers = Array<() => Promise<void> | void>;

/**
 * The composition root: builds the infrastructure, then each feature with `createX(deps)` in
 * dependency order, handing it exactly what it uses (tests pass their own PGlite). One wiring
 * function per layer, in this order: infrastructure, sessions, the market, news and the channels,
 * the readers' own features; then the Services object.
 */
export async function createServices(
  config: Config,
  log: Logger,
  database: Database,
  release: () => void = () => {},
  overrides: ServiceOverrides = {},
): Promise<Services> {
  const closers: Closers = [release, () => database.close()];
  const infra = await wireInfrastructure(config, log, database, closers);
  const people = await wireSessions(infra, closers);
  const markets = await wireMarket({ ...infra, ...people }, overrides);
  const reading = await wireNewsAndChannels({ ...infra, ...people, ...markets }, closers);
  const features = wireReaderFeatures({ ...infra, ...people, ...markets, ...reading }, closers);
  const services = assembleServices({ ...infra, ...people, ...markets, ...reading, ...features }, closers);

  // Started once every feature is wired: the alerts index listens to the market's ticks.
  await features.alerts.start();
  // Every process works the delivery queue (leases keep each row to one worker), where jobs run.
  if (config.JOBS_ENABLED) reading.delivery.start();

  return services;
}

/** Infrastructure: migrations, the bus, jobs, settings, shared snapshots, mail and auth. */
async function wireInfrastructure(config: Config, log: Logger, database: Database, closers: Closers) {
  await runMigrations(database);
  const db = database.db;
  const bus = await createBus(database, log);
  closers.push(() => bus.close());
  const jobs = createScheduler(database, log, config.JOBS_ENABLED);
  closers.push(() => jobs.stop());
  const settings = await createSettings(db, bus);
  // What every reader sees alike, read once per change (./cache/shared-reads.ts).
  const snapshots = createSharedSnapshots(bus, log);
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
  return { config, log, database, db, bus, jobs, settings, snapshots, outbox, authSecret, auth };
}
type Infrastructure = Awaited<ReturnType<typeof wireInfrastructure>>;

/** Who a request is: sessions, the event streams that carry a user's notifications, global sign-out. */
async function wireSessions({ config, log, database, db, bus, auth }: Infrastructure, closers: Closers) {
  const sessions = await createSessions({ auth, db, bus, inProcessBus: database.kind === "pglite", log });
  closers.push(() => sessions.stop());

  const sse = createSseHub({
    log,
    resolveUserId: async (headers) => (await sessions.get(headers))?.user.id ?? null,
    limits: { perAddress: config.SSE_MAX_STREAMS_PER_ADDRESS, perUser: config.SSE_MAX_STREAMS_PER_USER },
  });
  closers.push(() => sse.closeAll());
  // A banned or signed-out user's open streams end too (they carry the user's notifications).
  sessions.onUserChanged((userId) => {
    sse.recheckUser(userId).catch((err) => log.warn({ err }, "sse: recheck after a session change failed"));
  });

  const revokeAllSessions = async (userId: string) =>
    void (await db.delete(session).where(eq(session.userId, userId)));
  const httpMounts: HttpMount[] = [(app) => sse.mount(app)];
  return { sessions, sse, revokeAllSessions, httpMounts };
}
type People = Awaited<ReturnType<typeof wireSessions>>;

/** The market: every listed company, prices, the instruments API and company data. */
async function wireMarket(base: Infrastructure & People, overrides: ServiceOverrides) {
  const { config, log, db, bus, jobs, settings, sse, database } = base;
  // Every listed company: the table is seeded from the shipped file (skipped while unchanged); the
  // market, search and the sitemap all read it, so the refresh job's additions are everywhere.
  const directory = createInstrumentDirectory(database);
  await directory.sync(settings);
  const listings = () => directory.all();
  // Features, each after what it uses. The market comes first: alerts, search, SEO, chat and the
  // admin read it. It favours instruments with armed alerts through a narrow query of the alerts'
  // table, not the alerts service (which is built after it), so there is no cycle.
  const market = await createMarket({
    ...{ config, log, db, bus, jobs, settings, sse, listings },
    onListingsChanged: (fn) => directory.onReload(fn),
    // The refresh planner quotes instruments with armed alerts first.
    armedSymbols: () => armedSymbols({ db }),
    ...overrides.market,
  });
  const instruments = createInstrumentsService(directory, () => market.catalogue());
  const dividends = createDividends({
    ...{ db, log, config, jobs, bus, outbox: base.outbox, market, instruments: directory },
    clock: overrides.market?.clock,
  });
  const company = createCompany({ db, market, instruments, dividends, clock: overrides.market?.clock });
  const shariah = createShariah({ db, log, market, clock: overrides.market?.clock });
  const overview = createOverview({
    ...{ db, log, market, instruments: directory, clock: overrides.market?.clock },
    onListingsChanged: (fn) => directory.onReload(fn),
  });
  registerListingRefresh(jobs, { db, log, bus, directory }, listingSourceFromConfig(config));
  return { dividends, directory, listings, market, instruments, company, shariah, overview };
}
type Markets = Awaited<ReturnType<typeof wireMarket>>;

/** News, the push and webhook channels, the calendar, content, search and SEO. */
async function wireNewsAndChannels(base: Infrastructure & People & Markets, closers: Closers) {
  const { config, log, database, db, bus, jobs, settings, snapshots, outbox, httpMounts } = base;
  const { directory, listings, market } = base;
  const news = createNews({ db, log, config, jobs, snapshots });
  // Web Push: this site's VAPID key, users' devices and the push channel's sender.
  const push = await createPush({ db, log, settings, config });
  httpMounts.push(mountServiceWorker);
  // Push and webhook deliveries: alerts and calendar reminders write into its queue in the
  // transaction that records them.
  const delivery = createDelivery({ db, bus, log, settings, config, pushSender: push.sender });
  closers.push(() => delivery.stop());
  registerDeliveryRetention(jobs, db);
  const calendar = createCalendarFeature({ db, log, config, outbox, bus, jobs, delivery: delivery.queue });
  const disclosures = createDisclosures({
    db,
    log,
    bus,
    jobs,
    delivery: delivery.queue,
    config,
    market,
    listings,
  });
  const content = createContent({ db, log, news });
  createTranslation({ log, config, jobs, snapshots, articles: articleTranslations(db) });
  const search = createSearch({ database, log, market, listings });
  directory.onReload(() => void snapshots.changed("listings"));
  const seo = createSeo({ publicUrl: config.publicUrl, settings, content, market, listings });
  return { news, push, delivery, calendar, content, search, seo, disclosures };
}
type Reading = Awaited<ReturnType<typeof wireNewsAndChannels>>;

/** The readers' own features and the admin: alerts, watchlists, newsletter, site forms, chat. */
function wireReaderFeatures(base: Infrastructure & People & Markets & Reading, closers: Closers) {
  const { config, log, database, db, bus, jobs, settings, outbox, authSecret, sse, httpMounts } = base;
  const { market, company, delivery, news, calendar, content, revokeAllSessions, overview } = base;
  // Alerts evaluate the market's ticks once started (createServices, when everything is built).
  const alerts = createAlerts({
    ...{ db, bus, sse, outbox, jobs, log, publicUrl: config.publicUrl, market, settings },
    deliveries: delivery.queue,
  });
  closers.push(() => alerts.stop());
  const watchlists = createWatchlists({
    ...{ db, log, market, alerts },
    maxAlertsPerUser: () => readLimit(settings, "alertsPerUser"),
  });
  const screens = createScreens({
    ...{ db, log, bus, outbox, delivery: delivery.queue, overview, market },
    publicUrl: config.publicUrl,
  });
  const portfolios = createPortfolios({
    ...{ db, log, bus, outbox, delivery: delivery.queue, publicUrl: config.publicUrl, market },
    ...{ directory: base.directory, dividends: base.dividends, isLeader: () => jobs.isLeader() },
  });
  const newsletter = createNewsletter({
    db,
    outbox,
    log,
    jobs,
    publicUrl: config.publicUrl,
    secret: authSecret,
  });
  httpMounts.push(mountOneClickUnsubscribe(newsletter, log));
  const siteForms = createSiteForms({ db, outbox, log, teamAddress: config.MAIL_TEAM_ADDRESS });
  const chat = createChat({ config, db, log, market, news, calendar, alerts, company });
  const admin = createAdmin({
    ...{ config, log, database, db, jobs, settings, outbox },
    ...{ market, newsletter, siteForms, content, revokeAllSessions },
  });
  return { alerts, watchlists, screens, portfolios, newsletter, siteForms, chat, admin };
}
type ReaderFeatures = ReturnType<typeof wireReaderFeatures>;

/** The Services object: the pages' shared reads, the seeders, and shutdown in reverse order. */
function assembleServices(
  parts: Infrastructure & People & Markets & Reading & ReaderFeatures,
  closers: Closers,
) {
  const { config, log, database, db, bus, jobs, settings, outbox, auth, sse, sessions } = parts;
  const { revokeAllSessions, market, instruments, company, content, search, seo, delivery, push } = parts;
  const { dividends } = parts;
  const { alerts, watchlists, newsletter, siteForms, chat, snapshots, httpMounts, calendar } = parts;
  const { portfolios } = parts;
  const { shariah, disclosures } = parts;
  // Pages read the shared copies (services.shared); the features keep reading each other directly.
  const wired = withSharedReads(snapshots, {
    content,
    news: parts.news,
    calendar,
    search,
    admin: parts.admin,
  });
  const services: Services = {
    ...{ config, log, database, db, bus, jobs, settings, outbox, auth, sse, sessions },
    isAdmin: (userId) => sessions.isAdmin(userId),
    revokeAllSessions,
    users: createUserLocales(db),
    shariah,
    disclosures,
    dividends,
    overview: parts.overview,
    ...{ market, instruments, company, news: wired.news, calendar: wired.calendar, content, search },
    shared: wired.shared,
    ...{ seo, delivery, push, alerts, watchlists, newsletter, siteForms, chat, admin: wired.admin },
    portfolios,
    screens: parts.screens,
    seeds: {
      newsFeeds: () => seedNewsFeeds({ db, log, config }),
      educationCards: () => seedEducation({ db }),
      economicCalendar: () => calendar.ensureSchedule(),
      content: () => seedContent({ db }),
      shariahRulings: () => shariah.seed(),
    },
    httpMounts,
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
  return services;
}
