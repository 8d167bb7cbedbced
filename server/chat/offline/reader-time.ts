import { zonedText } from "#common/calendar-time";
import type { MarketService } from "#server/market/types";
import type { CompactQuote } from "../tools/quote-format";
import { COPY, type ReplyLang } from "./copy";

/** How the offline assistant writes times for its reader. */
export interface ReaderClock {
  /** A quote's update time: "14:05 GMT", or the date, time and zone in the reader's zone. */
  time(at: string | number): string;
  /** A calendar event's date and time: "2026-12-01 20:00 GMT", or in the reader's zone, named. */
  dateTime(at: string | number): string;
  /** For a closed market, when its last session closed and when it opens next; "" when open. */
  session(q: CompactQuote): string;
}

/**
 * Times in the reader's zone with the zone named ("Tue, 1 Dec 2026 23:00 Gulf Standard Time
 * (Asia/Dubai)"): a UAE reader must not have to convert from GMT. Without a zone (the reader chose
 * none) times stay GMT, labelled so, as on the rest of the site.
 */
export function readerClock(o: {
  lang: ReplyLang;
  timeZone?: string | null;
  market?: MarketService;
}): ReaderClock {
  const copy = COPY[o.lang];
  const zoned = (at: string | number) => {
    const z = zonedText(new Date(at), o.timeZone ?? "UTC", o.lang);
    return `${z.date} ${z.time} ${z.zone}`;
  };
  const iso = (at: string | number) => new Date(at).toISOString();
  const time = (at: string | number) => (o.timeZone ? zoned(at) : `${iso(at).slice(11, 16)} ${copy.gmt}`);
  const dateTime = (at: string | number) =>
    o.timeZone ? zoned(at) : `${iso(at).slice(0, 10)} ${iso(at).slice(11, 16)} ${copy.gmt}`;
  return {
    time,
    dateTime,
    session(q) {
      if (q.marketOpen || !o.market) return "";
      const id = o.market.findInstrument(q.symbol)?.exchange;
      const info = id ? o.market.exchange?.(id) : undefined;
      if (!info?.lastCloseAt) return "";
      return copy.closedSession(
        dateTime(info.lastCloseAt),
        info.nextOpenAt ? dateTime(info.nextOpenAt) : null,
      );
    },
  };
}
