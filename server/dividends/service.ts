import type { DividendForm } from "#common/dividend-schema";
import { AppError } from "#common/errors";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { productUserAgent } from "../http/user-agent";
import type { Scheduler } from "../jobs/scheduler";
import type { Logger } from "../logger";
import type { Outbox } from "../mail/outbox";
import type { MarketService } from "../market/types";
import type { InstrumentDirectory } from "../market/universe";
import type { Bus } from "../realtime/bus";
import { editorActions } from "./editor";
import { adjustForSplits, trailingYield } from "./figures";
import { type NoticeDeps, sendDueReminders, sendWatchNotices } from "./notices";
import { createActionRefresh } from "./refresh";
import { dividendReminderStore } from "./reminders";
import { actionSourcesFrom } from "./source-list";
import { readById, readHistory, readUpcoming, storeActions, viewOf } from "./store";
import type { ActionInput, Dividends, UpcomingAction, UpcomingQuery } from "./types";

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
  const today = () => new Date(clock()).toISOString().slice(0, 10);
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

  let sectors: Promise<string[]> | undefined;
  async function history(symbol: string) {
    const day = today();
    return (await readHistory(db, symbol)).map((r) => viewOf(r, day));
  }

  const dividends = {
    history,
    /** Upcoming distributions with their company's exchange and sector, filtered by them. */
    async upcoming(query: UpcomingQuery = {}): Promise<UpcomingAction[]> {
      const day = today();
      const out: UpcomingAction[] = [];
      for (const row of await readUpcoming(db, day, query.symbols)) {
        const listing = await deps.instruments.get(row.symbol);
        const exchange = listing?.exchange ?? market.findInstrument(row.symbol)?.exchange ?? "";
        const sector = listing?.sector ?? null;
        if (query.exchange && exchange !== query.exchange) continue;
        if (query.sector && sector !== query.sector) continue;
        out.push({ ...viewOf(row, day), exchange, sector });
      }
      return out;
    },
    /** The sectors of the listed companies (the calendar's filter), read once per process. */
    async sectors() {
      sectors ??= deps.instruments
        .all()
        .then((all) => [...new Set(all.map((l) => l.sector).filter(Boolean))].sort());
      return sectors;
    },
    async trailingYield(symbol: string, price: number) {
      const instrument = market.findInstrument(symbol);
      if (!instrument) return undefined;
      const quote = market.quote(instrument.symbol);
      return trailingYield(await history(instrument.symbol), {
        today: today(),
        price,
        currency: instrument.currency,
        priceAsOf: quote?.lastUpdate ?? new Date(clock()).toISOString(),
      });
    },
    /** An editor's distribution: known company, stored as the editor's (it wins over any source). */
    async saveFromEditor(form: DividendForm) {
      const instrument = market.findInstrument(form.symbol);
      if (!instrument) throw new AppError("bad_request:dividend", "Choose a company.");
      const actions: ActionInput[] = editorActions(instrument.symbol, form);
      await storeActions(db, "editor", actions);
      return history(instrument.symbol);
    },
    byId: async (id: string) => {
      const row = await readById(db, id);
      return row ? viewOf(row, today()) : undefined;
    },
    /** Bars adjusted for the symbol's splits and bonus shares (docs/product/markets.md). */
    async adjust<T extends Parameters<typeof adjustForSplits>[0][number]>(symbol: string, bars: T[]) {
      const actions = (await history(symbol)).filter((a) => a.kind !== "dividend");
      return adjustForSplits(bars, actions);
    },
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
