import type { AlertType } from "../contracts";

export interface TriggeredAlert {
  symbol: string;
  alertType: AlertType;
  targetValue: number;
  currentValue: number | null;
  price: number;
}

const fmt = (v: number, decimals: number) =>
  v.toLocaleString("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

const pct = (v: number) => `${v.toLocaleString("en-US", { maximumFractionDigits: 6 })}%`;

/** The notification's title and message: symbol, condition, target and the price reached. */
export function notificationText(a: TriggeredAlert, decimals: number): { title: string; message: string } {
  const price = fmt(a.price, decimals);
  switch (a.alertType) {
    case "above":
      return {
        title: `${a.symbol} rose above ${fmt(a.targetValue, decimals)}`,
        message: `Your alert for ${a.symbol} when the price goes above ${fmt(a.targetValue, decimals)} was triggered: the price reached ${price}.`,
      };
    case "below":
      return {
        title: `${a.symbol} fell below ${fmt(a.targetValue, decimals)}`,
        message: `Your alert for ${a.symbol} when the price goes below ${fmt(a.targetValue, decimals)} was triggered: the price reached ${price}.`,
      };
    case "change_percent": {
      const base = a.currentValue ?? a.price;
      const moved = ((a.price - base) / base) * 100;
      const sign = moved >= 0 ? "+" : "−";
      return {
        title: `${a.symbol} moved ${sign}${Math.abs(moved).toFixed(2)}%`,
        message: `Your alert for ${a.symbol} when the price changes by ${pct(a.targetValue)} was triggered: the price reached ${price} (from ${fmt(base, decimals)}).`,
      };
    }
  }
}
