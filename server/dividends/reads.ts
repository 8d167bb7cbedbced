import type { DividendForm } from "#common/dividend-schema";
import { AppError } from "#common/errors";
import { recordAudit } from "../admin/audit";
import type { Db } from "../db/client";
import type { MarketService } from "../market/types";
import type { InstrumentDirectory } from "../market/universe";
import { editorActions } from "./editor";
import { adjustForSplits, trailingYield } from "./figures";
import { readHistory, readUpcoming, storeActions, viewOf } from "./store";
import type { UpcomingAction, UpcomingQuery } from "./types";

/**
 * What pages and the statistics read of the stored actions (history, the calendar, the trailing
 * yield, adjusted bars) and the editor's write, each dated by the feature's clock.
 */
export function dividendReads(deps: {
  db: Db;
  market: Pick<MarketService, "findInstrument" | "quote">;
  instruments: Pick<InstrumentDirectory, "get" | "all">;
  clock: () => number;
}) {
  const { db, market, clock } = deps;
  const today = () => new Date(clock()).toISOString().slice(0, 10);
  let sectors: Promise<string[]> | undefined;
  async function history(symbol: string) {
    const day = today();
    return (await readHistory(db, symbol)).map((r) => viewOf(r, day));
  }
  return {
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
    sectors() {
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
    /**
     * An editor's distribution: a known company, stored as the editor's (it wins over any source),
     * with its audit entry in the same transaction.
     */
    async saveFromEditor(actorId: string, form: DividendForm) {
      const instrument = market.findInstrument(form.symbol);
      if (!instrument) throw new AppError("bad_request:dividend", "Choose a company.");
      await db.transaction(async (t) => {
        const tx = t as unknown as Db;
        await storeActions(tx, "editor", editorActions(instrument.symbol, form));
        await recordAudit(tx, {
          actorId,
          action: "dividend.save",
          target: `${instrument.symbol}/${form.exDate}`,
          details: { amount: form.amount, currency: form.currency, bonusShares: form.bonusShares },
        });
      });
      return history(instrument.symbol);
    },
    /**
     * Bars adjusted for the symbol's splits and bonus shares (docs/product/markets.md), and whether
     * one of the past year lies behind them (a source's own adjusted history is then left alone).
     */
    async adjust<T extends Parameters<typeof adjustForSplits>[0][number]>(symbol: string, bars: T[]) {
      const actions = (await history(symbol)).filter((a) => a.kind !== "dividend");
      const day = today();
      const yearAgo = new Date(clock() - 365 * 86_400_000).toISOString().slice(0, 10);
      const recent = actions.some((a) => a.exDate > yearAgo && a.exDate <= day);
      return { ...adjustForSplits(bars, actions), recent };
    },
  };
}
