import type { AlertFrequency } from "#common/alert-options";
import { EXCHANGES } from "../market/exchanges";
import type { MarketService } from "../market/types";
import { tradingDayStart, wakeAfterTrigger } from "./frequency";

/** What judging and recording an alert needs to know of its instrument, read from the market's catalogue. */
export interface AlertInstruments {
  /** The decimals its prices are shown with (2 for an unknown symbol). */
  decimalsOf(symbol: string): number;
  /** The start of the symbol's current trading day (a daily alert fires once per day). */
  tradingDayStart(symbol: string, at: number): number;
  /** When an alert that fired at `firedAt` may fire again (null: once, it is done). */
  wakeAfter(
    alert: { symbol: string; frequency?: AlertFrequency; cooldownSeconds?: number | null },
    firedAt: number,
  ): number | null;
}

export function alertInstruments(market: Pick<MarketService, "findInstrument">): AlertInstruments {
  const exchangeOf = (symbol: string) => {
    const id = market.findInstrument(symbol)?.exchange;
    return id ? EXCHANGES[id] : undefined;
  };
  return {
    decimalsOf: (symbol) => market.findInstrument(symbol)?.decimals ?? 2,
    tradingDayStart: (symbol, at) => tradingDayStart(exchangeOf(symbol), at),
    wakeAfter: (alert, firedAt) => wakeAfterTrigger(alert, firedAt, exchangeOf(alert.symbol)),
  };
}
