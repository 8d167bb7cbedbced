import { getQuote, getSectorPeers, getYearRange } from "../tools";
import type { YearRange } from "../tools/key-statistics";
import type { CompactQuote } from "../tools/quote-format";
import type { RunTool } from "../tools/types";
import type { Copy } from "./copy";
import { formatNumber, quoteLine, quoteParagraph } from "./quote-text";
import type { ReaderClock } from "./reader-time";

type Answer = { text: string; risk: boolean };

/** A company's quote, then its 52-week range and where the price stands in it (or that none is published). */
export async function yearRangeAnswer(
  symbol: string,
  run: RunTool,
  copy: Copy,
  clock: ReaderClock,
): Promise<Answer> {
  const quote = await run<CompactQuote>(getQuote, { symbol });
  if (!quote.ok || !quote.data) return { text: copy.failure(quote.error), risk: false };
  const r = (await run<YearRange>(getYearRange, { symbol })).data;
  const line = r
    ? copy.yearRange({
        low: formatNumber(r.low, r.decimals),
        high: formatNumber(r.high, r.decimals),
        position: `${r.position}%`,
        simulated: r.simulated,
      })
    : copy.yearRangeNone;
  return { text: `${quoteParagraph(quote.data, copy, clock)}\n\n${line}`, risk: true };
}

/** A listed company's quote, then the other companies of its sector on its exchange. */
export async function peersAnswer(
  symbol: string,
  run: RunTool,
  copy: Copy,
  clock: ReaderClock,
): Promise<Answer> {
  const quote = await run<CompactQuote>(getQuote, { symbol });
  const out = await run<{ sector: string; peers: CompactQuote[] }>(getSectorPeers, { symbol });
  if (!quote.ok || !quote.data) return { text: copy.failure(quote.error), risk: false };
  if (!out.ok || !out.data) return { text: copy.failure(out.error), risk: false };
  const list = out.data.peers.length
    ? out.data.peers.map((q) => `- ${quoteLine(q)} ${copy.name(q.symbol, q.name)}`).join("\n")
    : copy.none;
  return {
    text: `${quoteParagraph(quote.data, copy, clock)}\n\n${copy.peers(out.data.sector, list)}`,
    risk: true,
  };
}
