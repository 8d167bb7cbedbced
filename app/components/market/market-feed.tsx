import { createContext, useContext, useEffect, useMemo, useReducer } from "react";
import type { Freshness, MarketWire, WireQuote } from "#common/market-wire";
import type { Instrument, MarketCategory } from "#server/market/types";
import { onStreamEvent, onStreamStatus } from "~/lib/event-stream";

/** What a page's loader hands the feed: the catalogue and the current state, as the stream sends it. */
export interface MarketPageData {
  instruments: Instrument[];
  wire: MarketWire;
  /** Server clock at render, to tell how old the last tick was. */
  serverNow: number;
}

export type QuoteStatus = "live" | "delayed" | "closed";

export interface LiveQuote {
  instrument: Instrument;
  price: number;
  previousClose: number;
  change: number;
  changePercent: number;
  isPositive: boolean;
  dayHigh: number;
  dayLow: number;
  lastUpdate: number;
  marketOpen: boolean;
  status: QuoteStatus;
  /** Where the price came from and how current it is (a simulated price always says so). */
  source: string;
  freshness: Freshness;
  delayMinutes?: number;
}

interface FeedState {
  quotes: Record<string, WireQuote>;
  t: number;
  ms: number;
  ok: boolean;
  open: string[];
  /** The browser lost the stream (it reconnects by itself). */
  streamDown: boolean;
  /** Local clock when the last tick arrived, and now; null until mounted (server render). */
  receivedAt: number | null;
  now: number | null;
  /** Whether the feed was fresh when the server rendered (used until the browser takes over). */
  freshAtRender: boolean;
}

type Action =
  | { type: "tick"; msg: MarketWire; at: number }
  | { type: "data"; wire: MarketWire }
  | { type: "stream"; open: boolean }
  | { type: "clock"; now: number }
  | { type: "mount"; now: number; age: number };

function reducer(state: FeedState, a: Action): FeedState {
  switch (a.type) {
    case "tick": {
      const quotes = { ...state.quotes };
      for (const q of a.msg.q) quotes[q[0]] = q;
      return {
        ...state,
        quotes,
        t: Math.max(state.t, a.msg.t),
        ms: a.msg.ms,
        ok: a.msg.ok,
        open: a.msg.x,
        streamDown: false,
        receivedAt: a.at,
        now: a.at,
      };
    }
    case "data": {
      // The page's data came again (an instrument added to a watchlist, a visitor's list asking
      // for its listed companies): its quotes join at once, where they are not older than ours.
      let quotes: Record<string, WireQuote> | null = null;
      for (const q of a.wire.q) {
        const have = state.quotes[q[0]];
        if (have && have[5] >= q[5]) continue;
        quotes ??= { ...state.quotes };
        quotes[q[0]] = q;
      }
      return quotes ? { ...state, quotes } : state;
    }
    case "stream":
      return { ...state, streamDown: !a.open };
    case "clock": {
      // The clock only matters when it flips the feed to "not live": keeping the same state object
      // otherwise spares every price on the page a re-render each second (home page TBT).
      const next = { ...state, now: a.now };
      return feedIsLive(next) === feedIsLive(state) ? state : next;
    }
    case "mount":
      return state.receivedAt === null ? { ...state, receivedAt: a.now - a.age, now: a.now } : state;
  }
}

function init(data: MarketPageData | null): FeedState {
  const wire = data?.wire;
  const quotes: Record<string, WireQuote> = {};
  for (const q of wire?.q ?? []) quotes[q[0]] = q;
  const t = wire?.t ?? 0;
  const ms = wire?.ms ?? 15_000;
  return {
    quotes,
    t,
    ms,
    ok: wire?.ok ?? false,
    open: wire?.x ?? [],
    streamDown: false,
    receivedAt: null,
    now: null,
    freshAtRender: Boolean(data && t > 0 && data.serverNow - t <= 2 * ms),
  };
}

/**
 * The feed is live while ticks keep arriving within two intervals (measured on the browser's own
 * clock, so a skewed clock does not matter), the provider is healthy and the stream is up.
 */
export function feedIsLive(f: {
  t: number;
  ms: number;
  ok: boolean;
  streamDown: boolean;
  receivedAt: number | null;
  now: number | null;
  freshAtRender: boolean;
}): boolean {
  const fresh =
    f.now === null || f.receivedAt === null ? f.freshAtRender : f.t > 0 && f.now - f.receivedAt <= 2 * f.ms;
  return fresh && f.ok && !f.streamDown;
}

/** Closed when its exchange is shut; delayed when the feed is not live or the quote is two ticks old. */
export function quoteStatus(q: {
  marketOpen: boolean;
  live: boolean;
  lastTick: number;
  lastUpdate: number;
  tickMs: number;
}): QuoteStatus {
  if (!q.marketOpen) return "closed";
  return q.live && q.lastTick - q.lastUpdate <= 2 * q.tickMs ? "live" : "delayed";
}

interface MarketFeed {
  instruments: Instrument[];
  /** The feed ticks on time and the stream is up. */
  live: boolean;
  /** 'Failed to fetch market data': the provider or the stream is down (last prices stay). */
  failed: boolean;
  lastRefresh: number;
  tickMs: number;
  quote(symbol: string): LiveQuote | undefined;
  byCategory(category: MarketCategory): LiveQuote[];
}

const Ctx = createContext<MarketFeed | null>(null);

/**
 * Live prices for a page: starts from the loader's state (so the server render shows prices),
 * then follows the shared event stream. Quotes older than two tick intervals show as delayed.
 */
export function MarketFeedProvider({
  data,
  children,
}: {
  data: MarketPageData | null;
  children: React.ReactNode;
}) {
  const [state, dispatch] = useReducer(reducer, data, init);

  useEffect(() => {
    if (data) dispatch({ type: "data", wire: data.wire });
    dispatch({ type: "mount", now: Date.now(), age: data?.wire.t ? data.serverNow - data.wire.t : 0 });
    const offTick = onStreamEvent("market", (msg) => dispatch({ type: "tick", msg, at: Date.now() }));
    const offStatus = onStreamStatus((open) => dispatch({ type: "stream", open }));
    const timer = setInterval(() => dispatch({ type: "clock", now: Date.now() }), 1_000);
    return () => {
      offTick();
      offStatus();
      clearInterval(timer);
    };
  }, [data]);

  const feed = useMemo<MarketFeed>(() => {
    const instruments = data?.instruments ?? [];
    const bySymbol = new Map(instruments.map((i) => [i.symbol, i]));
    const live = feedIsLive({
      t: state.t,
      ms: state.ms,
      ok: state.ok,
      streamDown: state.streamDown,
      receivedAt: state.receivedAt,
      now: state.now,
      freshAtRender: state.freshAtRender,
    });
    const build = (instrument: Instrument, w: WireQuote): LiveQuote => {
      const [, price, previousClose, dayHigh, dayLow, lastUpdate, source, freshness, delayMinutes] = w;
      // No real previous close (0): no change (the price shows without one).
      const change = previousClose > 0 ? Number((price - previousClose).toFixed(instrument.decimals)) : 0;
      const marketOpen = state.open.includes(instrument.exchange);
      return {
        instrument,
        price,
        previousClose,
        change,
        changePercent: previousClose ? Number(((price / previousClose - 1) * 100).toFixed(2)) : 0,
        isPositive: change >= 0,
        dayHigh,
        dayLow,
        lastUpdate,
        marketOpen,
        status: quoteStatus({ marketOpen, live, lastTick: state.t, lastUpdate, tickMs: state.ms }),
        // A quote without a label (an older server) counts as simulated, never as real.
        source: source ?? "simulator",
        freshness: freshness ?? "simulated",
        ...(freshness === "delayed" ? { delayMinutes: delayMinutes ?? 0 } : {}),
      };
    };
    const quote = (symbol: string) => {
      const i = bySymbol.get(symbol);
      const w = state.quotes[symbol];
      return i && w ? build(i, w) : undefined;
    };
    return {
      instruments,
      live,
      failed: !data || (!state.ok && state.t > 0) || state.streamDown,
      lastRefresh: state.t,
      tickMs: state.ms,
      quote,
      byCategory: (category) =>
        instruments.flatMap((i) => {
          const q = i.category === category ? quote(i.symbol) : undefined;
          return q ? [q] : [];
        }),
    };
  }, [data, state]);

  return <Ctx.Provider value={feed}>{children}</Ctx.Provider>;
}

export function useMarketFeed(): MarketFeed {
  const feed = useContext(Ctx);
  if (!feed) throw new Error("useMarketFeed must be used inside MarketFeedProvider");
  return feed;
}
