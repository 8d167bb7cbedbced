import { AppError } from "#common/errors";
import { PORTFOLIO_MESSAGES as M } from "#common/portfolio-schema";
import { fillMessage } from "#common/watchlist-schema";
import type { Dividends } from "../dividends/types";
import type { ActivityStore } from "./activity-store";
import type { PortfolioBook } from "./book";
import { addDays } from "./engine/dates";
import type { Activity } from "./engine/types";
import { byDateAndEntry } from "./sequence";
import type { PortfolioStore } from "./store";
import type { DividendProposal } from "./types";
import { asObject, ownId } from "./validation";

/** A dividend activity this many days after the payment (or ex-) date still counts as the one recorded. */
const MATCH_DAYS = 45;

/** Shares of `symbol` held at the end of the day before `exDate` (who holds then is paid). */
export function sharesBefore(activities: Activity[], symbol: string, exDate: string): number {
  let held = 0;
  for (const a of [...activities].sort(byDateAndEntry)) {
    if (a.date >= exDate) break;
    if (a.symbol !== symbol) continue;
    if (a.type === "buy" || a.type === "bonus" || a.type === "rights") held += a.quantity;
    else if (a.type === "sell") held -= a.quantity;
    else if (a.type === "split" && a.splitRatio) held *= a.splitRatio;
  }
  return Math.max(0, Math.round(held * 1e8) / 1e8);
}

const recorded = (activities: Activity[], symbol: string, exDate: string, until: string) =>
  activities.some(
    (a) =>
      a.type === "dividend" &&
      a.symbol === symbol &&
      a.date >= exDate &&
      a.date <= addDays(until, MATCH_DAYS),
  );

/**
 * Dividends in the site's history that the reader's holdings earned and the portfolio does not
 * record yet: for each paid (or past ex-date) cash dividend of an instrument the portfolio traded,
 * the shares held on the day before the ex-date × the amount per share.
 */
export function dividendProposals(d: {
  store: PortfolioStore;
  activities: ActivityStore;
  book: PortfolioBook;
  dividends: Pick<Dividends, "history">;
  today?: () => string;
}) {
  async function list(userId: string, portfolioId: string): Promise<DividendProposal[]> {
    const id = ownId(portfolioId);
    await d.store.get(userId, id);
    const activities = await d.activities.list(userId, id);
    const today = d.today?.() ?? new Date().toISOString().slice(0, 10);
    const symbols = [...new Set(activities.flatMap((a) => (a.type === "buy" && a.symbol ? [a.symbol] : [])))];
    const out: DividendProposal[] = [];
    for (const symbol of symbols) {
      const currency = activities.find((a) => a.symbol === symbol)!.currency;
      for (const action of await d.dividends.history(symbol)) {
        if (action.kind !== "dividend" || !action.amount || action.amount <= 0) continue;
        const paid = action.paymentDate ?? action.exDate;
        if (paid > today || (action.currency && action.currency !== currency)) continue;
        const quantity = sharesBefore(activities, symbol, action.exDate);
        if (quantity <= 0 || recorded(activities, symbol, action.exDate, paid)) continue;
        const amount = Math.round(quantity * action.amount * 1e6) / 1e6;
        const payDate = action.paymentDate;
        out.push({
          symbol,
          exDate: action.exDate,
          payDate,
          quantity,
          perShare: action.amount,
          currency,
          amount,
        });
      }
    }
    return out.sort((a, b) => (a.exDate < b.exDate ? 1 : -1));
  }
  return {
    list,
    /** Records a proposal as a dividend activity on its payment date (the ex-date when none is known). */
    async accept(userId: string, portfolioId: string, input: unknown): Promise<Activity> {
      const body = asObject(input);
      const found = (await list(userId, portfolioId)).find(
        (p) => p.symbol === body.symbol && p.exDate === body.exDate,
      );
      if (!found) {
        const message = fillMessage(M.proposalNotFound, {
          symbol: String(body.symbol ?? "").slice(0, 40),
          exDate: String(body.exDate ?? "").slice(0, 10),
        });
        throw new AppError("not_found:portfolio_proposal", message, { symbol: message });
      }
      return d.book.add(userId, portfolioId, {
        type: "dividend",
        date: found.payDate ?? found.exDate,
        symbol: found.symbol,
        currency: found.currency,
        quantity: found.quantity,
        amount: found.amount,
      });
    },
  };
}
