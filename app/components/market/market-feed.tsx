import { createContext, useContext, useEffect, useMemo, useReducer } from "react";
import { onStreamEvent, onStreamStatus } from "~/lib/event-stream";
import type { Instrument, MarketCategory, MarketWire, WireQuote } from "../../../server/market/types";

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
    case "stream":
      return { ...state, streamDown: !a.open };
    case "clock":
      return { ...state, now: a.now };
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
    dispatch({ type: "mount", now: Date.now(), age: data && data.wire.t ? data.serverNow - data.wire.t : 0 });
    const offTick = onStreamEvent("market", (msg: MarketWire) =>
      dispatch({ type: "tick", msg, at: Date.now() }),
    );
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
    const fresh =
      state.now === null || state.receivedAt === null
        ? state.freshAtRender
        : state.t > 0 && state.now - state.receivedAt <= 2 * state.ms;
    const live = fresh && state.ok && !state.streamDown;
    const build = (instrument: Instrument, w: WireQuote): LiveQuote => {
      const [, price, previousClose, dayHigh, dayLow, lastUpdate] = w;
      const change = Number((price - previousClose).toFixed(instrument.decimals));
      const marketOpen = state.open.includes(instrument.exchange);
      const stale = state.t - lastUpdate > 2 * state.ms;
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
        status: !marketOpen ? "closed" : live && !stale ? "live" : "delayed",
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
