/**
 * Which instruments a source refreshes next, within its request budget. Pure: the caller passes
 * the clock and what it knows; nothing here does I/O.
 *
 * Priority inside the budget: instruments with armed alerts (a trigger must not wait an hour),
 * then those someone is watching right now (an open instrument page), then everything else in
 * round-robin order, so a universe of 700 at 8 requests a minute is covered in turn rather than
 * the first few over and over. An instrument refreshed less than `minAgeMs` ago is skipped: its
 * quote is cached for the tick interval.
 *
 * By exchange hours: an instrument whose market is shut is refreshed once after the close (late
 * enough for delayed sources to carry the closing price), then not again until the pre-open;
 * markets that never close (crypto) and FX or commodities on their own hours follow their own
 * calendars. The requests saved go to what trades.
 */
import { type Exchange, isOpen, lastClose, nextOpen } from "./exchanges";

export interface Budget {
  perMinute: number;
  perDay: number;
}

const MINUTE = 60_000;
const DAY = 86_400_000;
/** The one refresh after a close comes this long after it (sources delay quotes up to ~15 min). */
export const AFTER_CLOSE_MS = 20 * MINUTE;
/** Before an open, one refresh this long ahead (pre-open prices, a changed previous close). */
export const PRE_OPEN_MS = 15 * MINUTE;

/** Sliding windows of the requests a source sent: the last minute and the last 24 hours. */
export class RequestLog {
  private times: number[] = [];

  record(now: number, requests = 1) {
    for (let i = 0; i < requests; i++) this.times.push(now);
  }

  private prune(now: number) {
    let drop = 0;
    while (drop < this.times.length && this.times[drop]! <= now - DAY) drop++;
    if (drop) this.times.splice(0, drop);
  }

  usedDay(now: number) {
    this.prune(now);
    return this.times.length;
  }

  usedMinute(now: number) {
    this.prune(now);
    let n = 0;
    for (let i = this.times.length - 1; i >= 0 && this.times[i]! > now - MINUTE; i--) n++;
    return n;
  }

  /** Requests that may be sent now without breaking either window. */
  remaining(budget: Budget, now: number) {
    return Math.max(0, Math.min(budget.perMinute - this.usedMinute(now), budget.perDay - this.usedDay(now)));
  }
}

export interface PlanInput {
  now: number;
  /** Symbols the source can quote, in a stable order (the round-robin runs over it). */
  candidates: readonly string[];
  alerted: ReadonlySet<string>;
  watched: ReadonlySet<string>;
  /** When each symbol was last refreshed from this source (ms). */
  refreshedAt: ReadonlyMap<string, number>;
  /** The symbol's exchange, for its hours; without one a symbol is always due by age alone. */
  exchangeOf?: (symbol: string) => Exchange | undefined;
  /** Skip symbols refreshed more recently than this (the tick interval). */
  minAgeMs: number;
  /** Requests allowed now (RequestLog.remaining). */
  requests: number;
  /** Symbols one request quotes. */
  batchSize: number;
  /** Where the round-robin over the rest resumes (an index into candidates). */
  cursor: number;
}

export interface Plan {
  symbols: string[];
  /** Requests the plan costs: ceil(symbols / batchSize). */
  requests: number;
  cursor: number;
}

/**
 * Whether a closed market's instrument still needs its one refresh: never refreshed, not since
 * the settled close, or not since the pre-open window began. An open market: always.
 */
export function dueByHours(ex: Exchange, refreshedAt: number | undefined, now: number): boolean {
  if (refreshedAt === undefined || isOpen(ex, now)) return true;
  const closed = lastClose(ex, now);
  if (closed !== null && now >= closed + AFTER_CLOSE_MS && refreshedAt < closed + AFTER_CLOSE_MS) return true;
  // Between the close and its settling, the session's last prices are still arriving.
  if (closed !== null && now < closed + AFTER_CLOSE_MS) return true;
  const opens = nextOpen(ex, now);
  return opens !== null && now >= opens - PRE_OPEN_MS && refreshedAt < opens - PRE_OPEN_MS;
}

export function planRefresh(input: PlanInput): Plan {
  const capacity = Math.max(0, Math.floor(input.requests)) * Math.max(1, input.batchSize);
  const n = input.candidates.length;
  if (capacity === 0 || n === 0) return { symbols: [], requests: 0, cursor: input.cursor % Math.max(1, n) };
  const due = (s: string) => {
    const at = input.refreshedAt.get(s);
    if (at !== undefined && input.now - at < input.minAgeMs) return false;
    const ex = input.exchangeOf?.(s);
    return !ex || dueByHours(ex, at, input.now);
  };
  // Least recently refreshed first within a priority class, so several alerted symbols share.
  const byAge = (a: string, b: string) => (input.refreshedAt.get(a) ?? -1) - (input.refreshedAt.get(b) ?? -1);
  const chosen: string[] = [];
  const taken = new Set<string>();
  const take = (s: string) => {
    if (chosen.length >= capacity || taken.has(s) || !due(s)) return;
    taken.add(s);
    chosen.push(s);
  };
  const candidates = new Set(input.candidates);
  for (const s of [...input.alerted].filter((s) => candidates.has(s)).sort(byAge)) take(s);
  for (const s of [...input.watched].filter((s) => candidates.has(s)).sort(byAge)) take(s);
  let cursor = input.cursor % n;
  for (let seen = 0; seen < n && chosen.length < capacity; seen++) {
    take(input.candidates[cursor]!);
    cursor = (cursor + 1) % n;
  }
  return {
    symbols: chosen,
    requests: Math.ceil(chosen.length / Math.max(1, input.batchSize)),
    cursor,
  };
}
