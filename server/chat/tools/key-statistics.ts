import { z } from "zod";
import { defineTool, round, unavailable } from "./types";

/** Where a company's price stands in its 52-week range, from the company page's key statistics. */
export const getYearRange = defineTool({
  name: "getYearRange",
  description:
    "The 52-week low and high of an instrument and where its price stands in that range " +
    "(0% at the low, 100% at the high), with the source and date. Accepts a symbol or a name.",
  inputSchema: z.object({
    symbol: z.string().min(1).max(40).describe("Symbol or name, e.g. 1120, EMAAR, TASI"),
  }),
  async execute({ symbol }, { market, company }) {
    if (!market || !company) return unavailable("Key statistics");
    const instrument = market.findInstrument(symbol);
    const stats = instrument && (await company.keyStatistics(instrument.symbol));
    const range = stats?.statistics.range52Week;
    if (!instrument || !range) {
      return { ok: false, subject: symbol, error: `No 52-week range is published for "${symbol}".` };
    }
    const d = instrument.decimals;
    return {
      ok: true,
      subject: instrument.symbol,
      data: {
        symbol: instrument.symbol,
        low: round(range.value.low, d),
        high: round(range.value.high, d),
        price: round(range.value.price, d),
        position: round(range.value.position * 100, 0),
        decimals: d,
        source: range.source,
        asOf: range.asOf,
        simulated: range.simulated === true,
      },
    };
  },
});
export type YearRange = {
  symbol: string;
  low: number;
  high: number;
  price: number;
  position: number;
  decimals: number;
  source: string;
  asOf: string | null;
  simulated: boolean;
};
