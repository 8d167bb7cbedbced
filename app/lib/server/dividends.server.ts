import { dividendQuerySchema } from "#common/dividend-schema";
import type { CorporateActionView, ReaderDividendReminder } from "#common/dividends";
import { AppError } from "#common/errors";
import type { UpcomingAction } from "#server/dividends/types";
import { getUser, services } from "~/lib/auth.server";

type Ctx = Parameters<typeof services>[0];

/** One upcoming distribution with the company's names and the yield of its amount at today's price. */
export interface UpcomingRow extends UpcomingAction {
  name: string;
  nameAr: string | null;
  /** This distribution's amount over today's price (a fraction); null without a price or an amount. */
  yieldNow: number | null;
}

export interface DividendFilters {
  exchange?: string;
  sector?: string;
  watchlist: boolean;
}

/**
 * The filters of /dividends, /api/dividends and /dividends.ics: an unknown exchange or sector is
 * refused with a message (400), never quietly ignored.
 */
export async function readDividendFilters(context: Ctx, params: URLSearchParams): Promise<DividendFilters> {
  const parsed = dividendQuerySchema.safeParse({
    exchange: params.get("exchange") ?? undefined,
    sector: params.get("sector") ?? undefined,
    watchlist: params.get("watchlist") ?? undefined,
  });
  if (!parsed.success) throw new AppError("bad_request:dividends", parsed.error.issues[0]!.message);
  const q = parsed.data;
  if (q.sector && !(await services(context).dividends.sectors()).includes(q.sector))
    throw new AppError("bad_request:dividends", "Unknown sector.");
  return q;
}

/** The symbols on the reader's watchlists, or null when nobody is signed in. */
export async function watchlistSymbols(request: Request, context: Ctx): Promise<string[] | null> {
  const user = await getUser(request, context);
  if (!user) return null;
  const lists = await services(context).watchlists.list(user.id);
  return [...new Set(lists.flatMap((l) => l.items.map((i) => i.symbol)))];
}

/**
 * The signed-in reader's reminders on these distributions, by distribution id. The reader is only
 * looked up when one of them can still be reminded of, so a company page with nothing upcoming
 * stays a page that does not ask who reads it (and is served from the page cache).
 */
export async function readerReminders(
  request: Request,
  context: Ctx,
  actions: Pick<CorporateActionView, "id" | "kind" | "upcoming">[],
): Promise<Record<string, ReaderDividendReminder>> {
  const remindable = actions.filter((a) => a.upcoming && a.kind === "dividend").map((a) => a.id);
  if (remindable.length === 0) return {};
  const user = await getUser(request, context);
  if (!user) return {};
  const mine = await services(context).dividends.reminders.mine(user.id);
  const out: Record<string, ReaderDividendReminder> = {};
  for (const id of remindable) {
    const r = mine[id];
    if (r) out[id] = { daysBefore: r.daysBefore, notifyEmail: r.notifyEmail };
  }
  return out;
}

/** Upcoming distributions for the filters, each with its company and today's yield. */
export async function upcomingRows(
  context: Ctx,
  q: { exchange?: string; sector?: string; symbols?: string[] },
): Promise<UpcomingRow[]> {
  const s = services(context);
  const rows = await s.dividends.upcoming(q);
  return rows.map((r) => {
    const instrument = s.market.findInstrument(r.symbol);
    const price = s.market.quote(r.symbol)?.price;
    return {
      ...r,
      name: instrument?.name ?? r.symbol,
      nameAr: instrument?.nameAr ?? null,
      yieldNow: price && price > 0 && r.amount !== null && r.kind === "dividend" ? r.amount / price : null,
    };
  });
}

/**
 * A chart's bars adjusted for the symbol's splits and bonus shares, and whether the chart says
 * "Adjusted for splits": when a bar was adjusted here, or a split or bonus issue of the past year
 * (the chart's longest range) lies behind it (its source then delivered the history already adjusted).
 */
export async function splitAdjusted<
  T extends { time: number; open: number; high: number; low: number; close: number },
>(context: Ctx, symbol: string, bars: T[]): Promise<{ bars: T[]; adjustedForSplits: boolean }> {
  const {
    bars: adjusted,
    adjusted: changed,
    recent,
  } = await services(context).dividends.adjust(symbol, bars);
  return { bars: adjusted, adjustedForSplits: changed || recent };
}
