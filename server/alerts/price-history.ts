/**
 * Recent prices per symbol, for "moves N % within a window": the price N minutes ago. Two rings
 * per symbol keep the memory flat however fast ticks come: a fine one (the last tick of every 5 s,
 * the last ~10 minutes) for the 5-minute window and a coarse one (a sample a minute, a day and a bit)
 * for the hour and the day.
 */
class Ring {
  private t: Float64Array;
  private p: Float64Array;
  private start = 0;
  length = 0;
  constructor(
    private readonly capacity: number,
    private readonly spacingMs: number,
  ) {
    this.t = new Float64Array(capacity);
    this.p = new Float64Array(capacity);
  }

  private timeAt(i: number) {
    return this.t[(this.start + i) % this.capacity]!;
  }

  private priceAtIndex(i: number) {
    return this.p[(this.start + i) % this.capacity]!;
  }

  get newest() {
    return this.length === 0 ? Number.NEGATIVE_INFINITY : this.timeAt(this.length - 1);
  }

  /**
   * Keeps the latest sample of each `spacingMs` slot of time: a tick in the newest sample's slot
   * replaces it (out of order samples are ignored).
   */
  push(time: number, price: number) {
    if (this.length > 0) {
      const newest = this.newest;
      if (time < newest) return;
      if (Math.floor(time / this.spacingMs) === Math.floor(newest / this.spacingMs)) {
        const last = (this.start + this.length - 1) % this.capacity;
        this.t[last] = time;
        this.p[last] = price;
        return;
      }
    }
    const slot = (this.start + this.length) % this.capacity;
    this.t[slot] = time;
    this.p[slot] = price;
    if (this.length < this.capacity) this.length++;
    else this.start = (this.start + 1) % this.capacity;
  }

  /** The latest sample at or before `time`; the oldest when all are newer; null when empty. */
  priceAt(time: number): number | null {
    if (this.length === 0) return null;
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.timeAt(mid) <= time) lo = mid + 1;
      else hi = mid;
    }
    return this.priceAtIndex(Math.max(lo - 1, 0));
  }
}

const FINE_SPACING_MS = 5_000;
const COARSE_SPACING_MS = 60_000;
/** Windows up to this long read the fine ring. */
const FINE_WINDOW_MINUTES = 5;

export class PriceHistory {
  private fine = new Map<string, Ring>();
  private coarse = new Map<string, Ring>();

  private rings(symbol: string): [Ring, Ring] {
    let f = this.fine.get(symbol);
    let c = this.coarse.get(symbol);
    if (!f || !c) {
      f = new Ring(128, FINE_SPACING_MS);
      c = new Ring(1_536, COARSE_SPACING_MS);
      this.fine.set(symbol, f);
      this.coarse.set(symbol, c);
    }
    return [f, c];
  }

  record(symbol: string, time: number, price: number) {
    const [f, c] = this.rings(symbol);
    f.push(time, price);
    c.push(time, price);
  }

  /**
   * Loads older prices (bars' closes, oldest first) ahead of anything recorded: only those
   * before the first tick this process saw are used, so a late backfill never reorders a ring.
   */
  backfill(symbol: string, samples: Array<{ time: number; price: number }>) {
    if (this.coarse.get(symbol)?.length) return;
    for (const s of samples) if (s.price > 0) this.record(symbol, s.time, s.price);
  }

  has(symbol: string) {
    return (this.coarse.get(symbol)?.length ?? 0) > 0;
  }

  /** The price `minutes` before `now`, or the oldest known when the history is shorter. */
  priceAgo(symbol: string, now: number, minutes: number): number | null {
    const ring = (minutes <= FINE_WINDOW_MINUTES ? this.fine : this.coarse).get(symbol);
    return ring ? ring.priceAt(now - minutes * 60_000) : null;
  }
}
