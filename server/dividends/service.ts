import type { Config } from "../config";
import type { Db } from "../db/client";
import { productUserAgent } from "../http/user-agent";
import type { Scheduler } from "../jobs/scheduler";
import type { Logger } from "../logger";
import type { Outbox } from "../mail/outbox";
import type { MarketService } from "../market/types";
import type { InstrumentDirectory } from "../market/universe";
import type { Bus } from "../realtime/bus";
import { type NoticeDeps, sendDueReminders, sendWatchNotices } from "./notices";
import { dividendReads } from "./reads";
import { createActionRefresh } from "./refresh";
import { dividendReminderStore } from "./reminders";
import { actionSourcesFrom } from "./source-list";
import { storeActions } from "./store";
import type { ActionInput, Dividends } from "./types";

export interface DividendsDeps {
  db: Db;
  log: Logger;
  config: Config;
  jobs: Scheduler;
  bus: Bus;
  outbox: Outbox;
  market: Pick<MarketService, "findInstrument" | "quote">;
  instruments: Pick<InstrumentDirectory, "get" | "all">;
  clock?: () => number;
}

/** Reminders and watchlist ex-date notices are looked for this often (the leader's job). */
const NOTICES_EVERY_MS = 15_000;

export function createDividends(deps: DividendsDeps) {
  const { db, market } = deps;
  const clock = deps.clock ?? Date.now;
  const noticeDeps: NoticeDeps = {
    ...deps,
    siteUrl: deps.config.publicUrl,
    nameOf: (symbol, lang) => {
      const i = market.findInstrument(symbol);
      return (lang === "ar" ? i?.nameAr : undefined) ?? i?.name ?? symbol;
    },
  };
  const refresh = createActionRefresh({
    ...deps,
    sources: actionSourcesFrom(deps.config, productUserAgent(deps.config.PUBLIC_URL)),
    store: (source, actions) => storeActions(db, source, actions),
  });
  const reminders = dividendReminderStore(db, clock);
  deps.jobs.register({
    name: "dividend-notices",
    intervalMs: NOTICES_EVERY_MS,
    async run() {
      const now = new Date(clock());
      await sendDueReminders(noticeDeps, now);
      await sendWatchNotices(noticeDeps, now);
    },
  });

  const dividends = {
    ...dividendReads({ db, market, instruments: deps.instruments, clock }),
    store: (source: Parameters<typeof storeActions>[1], actions: ActionInput[]) =>
      storeActions(db, source, actions),
    refresh: refresh.run,
    reminders: {
      ...reminders,
      sendDue: (now = new Date(clock())) => sendDueReminders(noticeDeps, now),
      sendWatchNotices: (now = new Date(clock())) => sendWatchNotices(noticeDeps, now),
    },
  } satisfies Dividends & Record<string, unknown>;
  return dividends;
}

export type DividendsService = ReturnType<typeof createDividends>;
