import { useEffect, useState } from "react";
import { levelHolds } from "#common/alert-holds";
import type { AlertTypeValue } from "#common/alert-schema";
import { useQuotes } from "./use-quotes";

/** The typed symbol once the typing pauses, so the price is asked for once per instrument. */
function useSettled(value: string, ms = 250) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The selected instrument's last price and whether a level alert would already hold at it (then
 * it fires as soon as it is created). A stale quote says nothing: the evaluator never reads it.
 */
export function useLastPrice(symbol: string, alertType: AlertTypeValue, target: string) {
  const settled = useSettled(symbol.trim());
  const quotes = useQuotes(settled ? [settled] : []);
  // The answer names the instrument the server resolved ("tasi" -> TASI, "dirham" -> USD/AED).
  const quote = settled === symbol.trim() ? [...quotes.values()][0] : undefined;
  const value = Number(target);
  const holds =
    quote !== undefined &&
    quote.freshness !== "stale" &&
    target.trim() !== "" &&
    value > 0 &&
    levelHolds(alertType, value, quote.price);
  return { quote, holds };
}
