/**
 * The simulator's traded volumes (labelled simulated, like its prices): each company gets a
 * typical session volume from its symbol (log-uniform between 20 thousand and 20 million shares,
 * so a market has a few heavy names and many light ones), varied per session date by up to ±50%,
 * and the session's volume so far grows with the share of trading hours elapsed. Deterministic:
 * every process computes the same figure for the same moment.
 */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0) / 2 ** 32;
}

const MIN_LOG = Math.log(20_000);
const MAX_LOG = Math.log(20_000_000);

/** The whole session's simulated volume for a symbol on a date (yyyy-mm-dd). */
export function sessionVolume(symbol: string, date: string): number {
  const typical = Math.exp(MIN_LOG + hash(symbol) * (MAX_LOG - MIN_LOG));
  const day = 0.5 + hash(`${symbol}|${date}`);
  return Math.round(typical * day);
}

/** The share of a session's hours elapsed at local minute `nowMin` (1 outside or after it). */
export function elapsedShare(nowMin: number, openMin: number, closeMin: number): number {
  if (closeMin <= openMin) return 1;
  if (nowMin < openMin) return 1; // before today's open the last session's full volume stands
  return Math.min(1, (nowMin - openMin) / (closeMin - openMin));
}

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** An exchange's hours as the market service gives them. */
export interface SessionHours {
  open: string;
  close: string;
  openNow: boolean;
  utcOffsetMinutes: number;
  /** The last session's close (epoch ms): a shut market's volume is that session's. */
  lastCloseAt: number | null;
}

/** The simulated volume so far of the session a quote at `now` belongs to. */
export function simulatedVolume(symbol: string, hours: SessionHours | undefined, now: number): number {
  const offset = hours?.utcOffsetMinutes ?? 0;
  const local = new Date(now + offset * 60_000);
  if (!hours?.openNow) {
    const closed = hours?.lastCloseAt != null ? new Date(hours.lastCloseAt + offset * 60_000) : local;
    return sessionVolume(symbol, closed.toISOString().slice(0, 10));
  }
  const total = sessionVolume(symbol, local.toISOString().slice(0, 10));
  const nowMin = local.getUTCHours() * 60 + local.getUTCMinutes();
  return Math.round(total * elapsedShare(nowMin, minutes(hours.open), minutes(hours.close)));
}
