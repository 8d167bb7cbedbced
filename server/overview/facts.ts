import { sql } from "drizzle-orm";
import type { ScreenerShariah } from "#common/screener";
import type { Db } from "../db/client";

/** What the screener knows of a company beyond its quote: its Shariah summary and trailing dividends. */
export interface ScreenerFacts {
  shariah: Map<string, ScreenerShariah>;
  /** Cash dividends with an ex-date in the trailing twelve months, in the listing's currency. */
  dividends: Map<string, number>;
}

type Rows = { rows: Array<Record<string, unknown>> };

/**
 * One summary of several boards' rulings (docs/product/markets.md, "Screener"): compliant when at
 * least one board rules the company compliant and none rules otherwise, non-compliant when at
 * least one rules it non-compliant and none compliant, mixed for any other combination (boards
 * disagree, or a board's own ruling is "mixed"), unrated without any ruling.
 */
export function summarise(rulings: string[]): ScreenerShariah {
  if (rulings.length === 0) return "unrated";
  if (rulings.every((r) => r === "compliant")) return "compliant";
  if (rulings.every((r) => r === "non-compliant")) return "noncompliant";
  return "mixed";
}

/**
 * Every company's rulings and trailing dividends in two grouped reads (the same window as the
 * company page's yield: ex-dates in the 365 days up to today; a dividend paid in another currency
 * than the listing's is left out, never converted).
 */
export async function readScreenerFacts(
  db: Db,
  today: string,
  currencyOf: (symbol: string) => string | undefined,
): Promise<ScreenerFacts> {
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - 364 * 86_400_000).toISOString().slice(0, 10);
  const [rulings, dividends] = (await Promise.all([
    db.execute(sql`select symbol, ruling from shariah_rulings`),
    db.execute(sql`
      select symbol, currency, sum(amount) as total from corporate_actions
      where kind = 'dividend' and amount is not null and ex_date >= ${from} and ex_date <= ${today}
      group by symbol, currency`),
  ])) as unknown as [Rows, Rows];
  const bySymbol = new Map<string, string[]>();
  for (const r of rulings.rows) {
    const symbol = String(r.symbol);
    bySymbol.set(symbol, [...(bySymbol.get(symbol) ?? []), String(r.ruling)]);
  }
  const shariah = new Map([...bySymbol].map(([s, list]) => [s, summarise(list)] as const));
  const totals = new Map<string, number>();
  for (const r of dividends.rows) {
    const symbol = String(r.symbol);
    if (r.currency !== null && r.currency !== currencyOf(symbol)) continue;
    totals.set(symbol, (totals.get(symbol) ?? 0) + Number(r.total));
  }
  return { shariah, dividends: totals };
}
