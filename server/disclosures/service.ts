import { and, asc, eq, lte } from "drizzle-orm";
import { ALERT_TOPICS } from "../alerts/topics";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { disclosureFeeds } from "../db/schema";
import type { DeliveryQueue } from "../delivery/types";
import type { Scheduler } from "../jobs/scheduler";
import type { Logger } from "../logger";
import type { MarketService } from "../market/types";
import type { Listing } from "../market/universe/types";
import type { Bus } from "../realtime/bus";
import { type DisclosureNotice, recordDisclosureNotices } from "./notify";
import { pollDisclosureFeed } from "./poll";
import { readDisclosures, saveFeed, toFeed } from "./store";
import type { Disclosures } from "./types";

export interface DisclosuresDeps {
  db: Db;
  log: Logger;
  bus: Bus;
  jobs: Scheduler;
  delivery: DeliveryQueue;
  config: Pick<Config, "RSS_POLL_MINUTES" | "FEEDS_ALLOW_PRIVATE" | "publicUrl">;
  market: Pick<MarketService, "findInstrument">;
  listings: () => Promise<Listing[]>;
}

/** Checked once a minute; each feed is polled when its own time comes (RSS_POLL_MINUTES apart, longer after failures). */
const JOB_INTERVAL_MS = 60_000;
const DEFAULT_LIMIT = 20;

export function createDisclosures(deps: DisclosuresDeps): Disclosures {
  const { db, log, market } = deps;
  const nameOf = (symbol: string, lang: "en" | "ar") => {
    const found = market.findInstrument(symbol);
    return (lang === "ar" ? found?.nameAr : found?.name) ?? found?.name ?? symbol;
  };
  const pollDeps = {
    db,
    log,
    pollIntervalMs: deps.config.RSS_POLL_MINUTES * 60_000,
    allowPrivateAddresses: deps.config.FEEDS_ALLOW_PRIVATE,
    listings: async (exchange: string) => (await deps.listings()).filter((l) => l.exchange === exchange),
    notices: [] as DisclosureNotice[],
    async onNew(tx: Db, added: Array<{ id: string; symbol: string; title: string }>, now: Date) {
      const siteUrl = deps.config.publicUrl;
      pollDeps.notices.push(
        ...(await recordDisclosureNotices(tx, { delivery: deps.delivery, siteUrl, nameOf }, added, now)),
      );
    },
  };
  async function announce(notices: DisclosureNotice[]) {
    try {
      // The bell of every open tab; stored already, so a failure only delays it to the next page load.
      for (let i = 0; i < notices.length; i += 10) {
        const n = notices
          .slice(i, i + 10)
          .map(({ userId, event }) => ({ u: userId, e: event, p: 0, w: null }));
        await deps.bus.publish(ALERT_TOPICS.notify, { n });
      }
    } catch (err) {
      log.warn({ err }, "disclosures: notification announce failed");
    }
  }
  const service: Disclosures = {
    async forSymbol(typed, opts = {}) {
      const found = market.findInstrument(typed.trim());
      if (!found || found.symbol.toUpperCase() !== typed.trim().toUpperCase()) return [];
      return readDisclosures(db, found.symbol, Math.min(opts.limit ?? DEFAULT_LIMIT, 100));
    },
    async feeds() {
      return (await db.select().from(disclosureFeeds).orderBy(asc(disclosureFeeds.createdAt))).map(toFeed);
    },
    saveFeed: (actorId, input) => saveFeed(db, actorId, input),
    async pollDue(now = new Date(), opts = {}) {
      const only = opts.feedId ? eq(disclosureFeeds.id, opts.feedId) : undefined;
      const due = await db
        .select()
        .from(disclosureFeeds)
        .where(and(eq(disclosureFeeds.enabled, true), lte(disclosureFeeds.nextPollAt, now), only));
      let added = 0;
      for (const feed of due) added += (await pollDisclosureFeed(pollDeps, feed, now)).added;
      const notices = pollDeps.notices.splice(0);
      if (notices.length) await announce(notices);
      return added;
    },
  };
  deps.jobs.register({
    name: "disclosures-poll",
    intervalMs: JOB_INTERVAL_MS,
    run: async () => void (await service.pollDue()),
  });
  return service;
}
