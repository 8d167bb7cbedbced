import { utcOffsetMinutes } from "#common/zoned-time";
import type { CatalogueEntry } from "./catalogue";
import {
  EXCHANGES,
  type Exchange,
  isOpen,
  isTradingDay,
  localTime,
  sessionDate,
  sessionMinutes,
} from "./exchanges";
import type { BarRow, MarketProvider, ProviderQuote } from "./provider";
import { gaussian, hashString } from "./random";

/** Simulated prices stay within about ±2% of the previous close. */
export const BAND = 0.02;
/** The band in log-return terms (ln 1.02), so neither side ever exceeds 2%. */
const LOG_BAND = Math.log(1 + BAND);
const MINUTE = 60_000;
const DAY = 86_400_000;
/** A step never covers more than this much time (a restart is caught up minute by minute). */
const MAX_STEP_MS = 5 * MINUTE;
const SALT_TICK = 0x1;
const SALT_DAY = 0x2;
const SALT_WICK = 0x3;

export interface SimState {
  price: number;
  previousClose: number;
  dayHigh: number;
  dayLow: number;
  /** The exchange-local date of the session the day fields belong to. */
  session: string;
  /** When the price last moved (ms). */
  time: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
/** Folds a log-return back inside ±band, so the walk bounces off the band instead of sticking to it. */
const reflect = (r: number, band: number) =>
  clamp(r > band ? 2 * band - r : r < -band ? -2 * band - r : r, -band, band);

/**
 * One random-walk step at `now` (a pure function of seed, instrument, state and time). A closed
 * market returns the state untouched; the first step of a new session rolls the previous close.
 */
export function step(
  seed: number,
  entry: CatalogueEntry,
  ex: Exchange,
  s: SimState,
  now: number,
  dtMs: number,
) {
  if (!isOpen(ex, now)) return s;
  const session = sessionDate(ex, now);
  const rolled = session !== s.session;
  const previousClose = rolled ? s.price : s.previousClose;
  const z = gaussian(seed, hashString(entry.symbol), now, SALT_TICK);
  let price: number;
  if (entry.peg) {
    // Pegs wander around the middle of their band and never leave it: only the last decimals move.
    const mid = (entry.peg.low + entry.peg.high) / 2;
    const half = (entry.peg.high - entry.peg.low) / 2;
    price = clamp(mid + (s.price - mid) * 0.8 + half * 0.35 * z, entry.peg.low, entry.peg.high);
  } else {
    const frac = Math.min(Math.max(dtMs, 0), MAX_STEP_MS) / (sessionMinutes(ex) * MINUTE);
    const sigma = entry.dailyVol * Math.sqrt(frac);
    const r = Math.log(s.price / previousClose);
    // A gentle pull toward the long-run level keeps years of simulation realistic.
    const anchor = clamp(0.5 * Math.log(entry.base / previousClose), -BAND / 2, BAND / 2);
    price = previousClose * Math.exp(reflect(r + Math.min(1, 2 * frac) * (anchor - r) + sigma * z, LOG_BAND));
  }
  return {
    price,
    previousClose,
    dayHigh: rolled ? Math.max(s.price, price) : Math.max(s.dayHigh, price),
    dayLow: rolled ? Math.min(s.price, price) : Math.min(s.dayLow, price),
    session,
    time: now,
  };
}

/** One simulated daily session (history older than the minute window). */
function daySession(
  seed: number,
  entry: CatalogueEntry,
  s: SimState,
  date: string,
  closeAt: number,
): SimState {
  const key = hashString(entry.symbol);
  const dayNo = Date.parse(`${date}T00:00:00Z`) / DAY;
  const z = gaussian(seed, key, dayNo, SALT_DAY);
  const wick = () => Math.abs(gaussian(seed, key, dayNo, SALT_WICK)) * 0.3;
  const prev = s.price;
  let close: number;
  if (entry.peg) {
    const mid = (entry.peg.low + entry.peg.high) / 2;
    const half = (entry.peg.high - entry.peg.low) / 2;
    close = clamp(mid + (prev - mid) * 0.5 + half * 0.5 * z, entry.peg.low, entry.peg.high);
  } else {
    const pull = clamp(0.08 * Math.log(entry.base / prev), -BAND / 2, BAND / 2);
    close = prev * Math.exp(reflect(pull + entry.dailyVol * z, LOG_BAND));
  }
  const spread = entry.peg ? (entry.peg.high - entry.peg.low) / 4 : prev * entry.dailyVol;
  let high = Math.max(prev, close) + spread * wick();
  let low = Math.min(prev, close) - spread * wick();
  if (entry.peg) {
    high = Math.min(high, entry.peg.high);
    low = Math.max(low, entry.peg.low);
  } else {
    high = Math.min(high, prev * (1 + BAND));
    low = Math.max(low, prev * (1 - BAND));
  }
  return { price: close, previousClose: prev, dayHigh: high, dayLow: low, session: date, time: closeAt };
}

function utcDate(ms: number) {
  return new Date(ms).toISOString().slice(0, 10);
}

/** 00:00 UTC of an exchange-local date: where that session's daily bar is stored. */
export const dailyBarTs = (date: string) => Date.parse(`${date}T00:00:00Z`);

export interface SimulatorOptions {
  seed: number;
  entries: CatalogueEntry[];
  exchanges?: Record<string, Exchange>;
  /** 1-minute history kept from a first start (covers the 1D and 1W charts). */
  minuteDays?: number;
  /** Daily history from a first start (the 1Y chart). */
  dailyDays?: number;
}

/**
 * Brings one instrument from `s` (as of `from`) up to `now`: daily sessions while older than the
 * minute window, then minute by minute. Returns the final state and the bars it produced.
 */
export function catchUp(
  opts: Required<SimulatorOptions>,
  entry: CatalogueEntry,
  s: SimState,
  from: number,
  now: number,
  openMinutes: number[],
): { state: SimState; bars: BarRow[] } {
  const ex = opts.exchanges[entry.exchange]!;
  const bars: BarRow[] = [];
  const minuteStart = Math.max(from, Date.parse(`${utcDate(now - opts.minuteDays * DAY)}T00:00:00Z`));
  let state = s;
  // Daily phase: sessions after the state's own, up to the one the minute window starts in.
  const edge = localTime(ex, minuteStart);
  const edgeEnded = edge.minutes >= ex.close;
  const firstDay = Date.parse(`${utcDate(from)}T00:00:00Z`) - DAY;
  for (let t = firstDay; ; t += DAY) {
    const date = utcDate(t);
    if (date > edge.date || (date === edge.date && !edgeEnded)) break;
    if (date <= state.session || !isTradingDay(ex, date)) continue;
    const closeAt = dailyBarTs(date) + (ex.close - utcOffsetMinutes(ex.timeZone, t)) * MINUTE;
    if (closeAt <= from) continue;
    state = daySession(opts.seed, entry, state, date, closeAt);
    bars.push({
      symbol: entry.symbol,
      interval: "1d",
      ts: dailyBarTs(date),
      open: state.previousClose,
      high: state.dayHigh,
      low: state.dayLow,
      close: state.price,
    });
  }
  // Minute phase: one step per open minute, aggregated into daily bars per session.
  let day: BarRow | null = null;
  const flushDay = () => {
    if (day) bars.push(day);
    day = null;
  };
  let last = Math.max(from, minuteStart);
  for (const m of openMinutes) {
    if (m <= from || m < minuteStart) continue;
    const before = state;
    state = step(opts.seed, entry, ex, state, m, Math.min(m - last, MINUTE));
    last = m;
    if (state === before) continue;
    const open = before.session === state.session ? before.price : state.previousClose;
    const wick = Math.abs(gaussian(opts.seed, hashString(entry.symbol), m, SALT_WICK)) * 0.25;
    const spread = Math.abs(state.price - open) * wick;
    let high = Math.max(open, state.price) + spread;
    let low = Math.min(open, state.price) - spread;
    if (entry.peg) {
      high = Math.min(high, entry.peg.high);
      low = Math.max(low, entry.peg.low);
    }
    state = { ...state, dayHigh: Math.max(state.dayHigh, high), dayLow: Math.min(state.dayLow, low) };
    bars.push({ symbol: entry.symbol, interval: "1m", ts: m, open, high, low, close: state.price });
    const ts = dailyBarTs(state.session);
    if (day && (day as BarRow).ts !== ts) flushDay();
    if (!day) day = { symbol: entry.symbol, interval: "1d", ts, open, high, low, close: state.price };
    else {
      const d: BarRow = day;
      d.high = Math.max(d.high, high);
      d.low = Math.min(d.low, low);
      d.close = state.price;
    }
  }
  flushDay();
  return { state, bars };
}

/** Whole UTC days from the last of an exchange's open minutes to `now` (0 when there is none). */
function daysSinceLastSession(openMinutes: number[], now: number): number {
  const last = openMinutes.at(-1);
  if (last === undefined) return 0;
  return Math.round(
    (Date.parse(`${utcDate(now)}T00:00:00Z`) - Date.parse(`${utcDate(last)}T00:00:00Z`)) / DAY,
  );
}

/** Open minutes of an exchange in [from, to), computed once per exchange, shared by its instruments. */
function openMinutesOf(ex: Exchange, from: number, to: number): number[] {
  const out: number[] = [];
  for (let m = Math.ceil(from / MINUTE) * MINUTE; m < to; m += MINUTE) if (isOpen(ex, m)) out.push(m);
  return out;
}

export interface Simulator extends MarketProvider {
  state(symbol: string): SimState | undefined;
  /** Continues the walk from a real quote, so falling back to the simulator does not jump. */
  follow(symbol: string, q: ProviderQuote): void;
}

const toQuote = (symbol: string, s: SimState): ProviderQuote => ({
  symbol,
  price: s.price,
  previousClose: s.previousClose,
  dayHigh: s.dayHigh,
  dayLow: s.dayLow,
  time: s.time,
  source: "simulator",
  freshness: "simulated",
});

/**
 * Where an instrument's walk resumes: its stored quote, else its base price at `start` (a first
 * start, which then computes the history from there).
 */
function resumeFrom(
  entry: CatalogueEntry,
  ex: Exchange,
  q: ProviderQuote | undefined,
  start: number,
): { state: SimState; from: number } {
  if (q) return { state: { ...q, session: sessionDate(ex, q.time) }, from: q.time };
  const base = entry.base;
  return {
    state: { price: base, previousClose: base, dayHigh: base, dayLow: base, session: "", time: start },
    from: start,
  };
}

/**
 * The default provider: a seeded random walk per instrument that moves only while its exchange is
 * open, scaled to the instrument's daily volatility, within ±2% of the previous close; pegged
 * currencies stay in their band. Same seed and same tick times give the same series.
 */
export function createSimulator(options: SimulatorOptions): Simulator {
  const opts: Required<SimulatorOptions> = {
    exchanges: EXCHANGES,
    minuteDays: 7,
    dailyDays: 366,
    ...options,
  };
  const states = new Map<string, SimState>();
  const entryBySymbol = new Map(opts.entries.map((e) => [e.symbol, e]));
  let lastPoll = 0;

  return {
    name: "simulator",
    state: (symbol) => states.get(symbol),
    follow(symbol, q) {
      const entry = entryBySymbol.get(symbol);
      const ex = entry && opts.exchanges[entry.exchange];
      if (!ex || !(q.price > 0) || !(q.previousClose > 0)) return;
      states.set(symbol, {
        price: q.price,
        previousClose: q.previousClose,
        dayHigh: q.dayHigh,
        dayLow: q.dayLow,
        session: sessionDate(ex, q.time),
        time: q.time,
      });
    },
    async start(stored, now, signal) {
      const bySymbol = new Map(stored.map((q) => [q.symbol, q]));
      const bars: BarRow[] = [];
      // Open minutes per exchange, shared by its instruments.
      const minuteCache = new Map<string, number[]>();
      const windowStart = now - opts.minuteDays * DAY - DAY;
      for (const entry of opts.entries) {
        // A first start computes a year of history: let requests and shutdown in between instruments.
        await new Promise((resolve) => setImmediate(resolve));
        signal?.throwIfAborted();
        const ex = opts.exchanges[entry.exchange]!;
        let { state, from } = resumeFrom(entry, ex, bySymbol.get(entry.symbol), now - opts.dailyDays * DAY);
        if (now - from > 2 * MINUTE) {
          let minutes = minuteCache.get(ex.id);
          if (!minutes) {
            minutes = openMinutesOf(ex, windowStart, now);
            minuteCache.set(ex.id, minutes);
          }
          // A listed company (hundreds of them) gets its exchange's latest session in minute bars
          // (today's, or the last trading day's on a weekend), not a week: a first start stays quick
          // and the screener's sparklines have a session to draw; its 1W chart fills from live
          // ticks (and a real source's history).
          const listedOpts = { ...opts, minuteDays: daysSinceLastSession(minutes, now) };
          const r = catchUp(entry.listed ? listedOpts : opts, entry, state, from, now, minutes);
          state = r.state;
          for (const b of r.bars) bars.push(b);
        }
        states.set(entry.symbol, state);
      }
      lastPoll = now;
      return { quotes: [...states].map(([symbol, s]) => toQuote(symbol, s)), bars };
    },
    async poll(now) {
      const dt = lastPoll ? now - lastPoll : 0;
      lastPoll = now;
      const out: ProviderQuote[] = [];
      for (const entry of opts.entries) {
        const s = states.get(entry.symbol);
        if (!s) continue;
        const next = step(opts.seed, entry, opts.exchanges[entry.exchange]!, s, now, dt);
        if (next === s) continue;
        states.set(entry.symbol, next);
        out.push(toQuote(entry.symbol, next));
      }
      return out;
    },
  };
}
