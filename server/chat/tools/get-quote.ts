import { z } from "zod";
import { type CompactQuote, compactQuote } from "./quote-format";
import { defineTool, unavailable } from "./types";

export const getQuote = defineTool({
  name: "getQuote",
  description:
    "Current price of one instrument: a Gulf index or stock, a currency pair, a commodity, a crypto " +
    "asset or a US index. Accepts a symbol (TASI, USD/AED, BRENT) or a name (Saudi index, gold).",
  inputSchema: z.object({
    symbol: z.string().min(1).max(40).describe("Symbol or name, e.g. TASI, USD/AED, Brent, gold"),
  }),
  async execute({ symbol }, { market }) {
    if (!market) return unavailable("Live market data");
    const instrument = market.findInstrument(symbol);
    const quote = instrument && market.quote(instrument.symbol);
    if (!instrument || !quote) {
      return { ok: false, subject: symbol, error: `No instrument matches "${symbol}".` };
    }
    return { ok: true, subject: instrument.symbol, data: compactQuote(quote, instrument) as CompactQuote };
  },
});
