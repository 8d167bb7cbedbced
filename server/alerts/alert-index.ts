import type { AlertTypeValue as AlertType } from "#common/alert-schema";

/** What the evaluator needs to know about an armed alert (active and not yet triggered). */
export interface ArmedAlert {
  id: string;
  symbol: string;
  alertType: AlertType;
  targetValue: number;
  /** The change % base: the price when the alert was created (or re-armed). */
  currentValue: number | null;
}

/** An alert whose condition holds at `price`. */
export interface Candidate {
  alert: ArmedAlert;
  price: number;
}

function changePercentReached(price: number, base: number, percent: number) {
  return (Math.abs(price - base) / base) * 100 >= percent;
}

export function conditionHolds(alert: Omit<ArmedAlert, "id" | "symbol">, price: number) {
  switch (alert.alertType) {
    case "above":
      return price >= alert.targetValue;
    case "below":
      return price <= alert.targetValue;
    case "change_percent":
      return alert.currentValue !== null && alert.currentValue > 0
        ? changePercentReached(price, alert.currentValue, alert.targetValue)
        : false;
  }
}

/**
 * Change % alerts fire on a move either way, so each one sits on two ladders: base × (1 + p/100)
 * rising and base × (1 − p/100) falling. The thresholds are widened by a hair so rounding never
 * hides a trigger; the exact rule (docs/product/alerts.md) then has the last word. Recomputed on demand (same inputs,
 * same double), so nothing beyond the alert itself is stored per alert.
 */
const SLACK = 1e-12;
const bandUp = (a: ArmedAlert) => a.currentValue! * (1 + a.targetValue / 100) * (1 - SLACK);
const bandDown = (a: ArmedAlert) => a.currentValue! * (1 - a.targetValue / 100) * (1 + SLACK);
const exactBand = (a: ArmedAlert, price: number) =>
  changePercentReached(price, a.currentValue!, a.targetValue);

/**
 * One sorted list of thresholds, as parallel arrays (fewer objects for the garbage collector with
 * a million alerts). Rising ladders fire when the price climbs to a threshold and are kept
 * ascending; falling ladders descending. Either way the alerts that fire at a price are a prefix,
 * so a tick costs one comparison plus O(alerts that fire).
 *
 * Removal is lazy: an entry whose alert is no longer the index's live copy of that id is dead and
 * is dropped when the price reaches it (or when its book compacts). That keeps a trigger, a
 * toggle and a delete O(1) instead of a splice through thousands of thresholds.
 */
class Ladder {
  at: number[] = [];
  alerts: ArmedAlert[] = [];
  constructor(readonly rising: boolean) {}

  private reached(at: number, price: number) {
    return this.rising ? price >= at : price <= at;
  }

  /** First position whose threshold sorts after `at` (equal thresholds keep insertion order). */
  private upperBound(at: number) {
    let lo = 0;
    let hi = this.at.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const cur = this.at[mid]!;
      if (this.rising ? cur <= at : cur >= at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  insert(at: number, alert: ArmedAlert) {
    const i = this.upperBound(at);
    this.at.splice(i, 0, at);
    this.alerts.splice(i, 0, alert);
  }

  /** Bulk load: append everything, then sort once. */
  push(at: number, alert: ArmedAlert) {
    this.at.push(at);
    this.alerts.push(alert);
  }

  sort() {
    const order = this.at.map((_, i) => i);
    const at = this.at;
    order.sort(this.rising ? (a, b) => at[a]! - at[b]! : (a, b) => at[b]! - at[a]!);
    this.at = order.map((i) => at[i]!);
    const alerts = this.alerts;
    this.alerts = order.map((i) => alerts[i]!);
  }

  /** Drops dead entries everywhere; returns how many. */
  compact(alive: (a: ArmedAlert) => boolean) {
    let w = 0;
    for (let r = 0; r < this.at.length; r++) {
      const a = this.alerts[r]!;
      if (!alive(a)) continue;
      this.at[w] = this.at[r]!;
      this.alerts[w] = a;
      w++;
    }
    const dropped = this.at.length - w;
    this.at.length = w;
    this.alerts.length = w;
    return dropped;
  }

  /**
   * Moves the live alerts reached at `price` (and accepted by `exact`, if given) to `out`, drops
   * the dead ones, keeps the rest in place. Only the reached prefix is visited. Returns how many
   * dead entries were dropped.
   */
  take(
    price: number,
    alive: (a: ArmedAlert) => boolean,
    exact: ((a: ArmedAlert, price: number) => boolean) | null,
    out: ArmedAlert[],
  ) {
    let end = 0;
    while (end < this.at.length && this.reached(this.at[end]!, price)) end++;
    if (end === 0) return 0;
    let kept = 0;
    let dead = 0;
    for (let i = 0; i < end; i++) {
      const a = this.alerts[i]!;
      if (!alive(a)) dead++;
      else if (exact === null || exact(a, price)) out.push(a);
      else {
        // Borderline by the slack: stays, compacted to the front of the prefix.
        this.at[kept] = this.at[i]!;
        this.alerts[kept] = a;
        kept++;
      }
    }
    this.at.splice(kept, end - kept);
    this.alerts.splice(kept, end - kept);
    return dead;
  }
}

class SymbolBook {
  above = new Ladder(true);
  below = new Ladder(false);
  bandUp = new Ladder(true);
  bandDown = new Ladder(false);
  /** Entries on the ladders, and how many of them are dead. */
  entries = 0;
  dead = 0;
}

/** A book compacts once dead entries outnumber live ones (and are worth a pass). */
const COMPACT_MIN_DEAD = 1024;

/**
 * The in-memory index of armed alerts: per symbol, sorted thresholds. Built from the database at
 * start, kept in sync by create / toggle / delete events, and consulted on every tick.
 */
export class AlertIndex {
  private books = new Map<string, SymbolBook>();
  /** The live copy of each armed alert; a ladder entry holding another object is dead. */
  private byId = new Map<string, ArmedAlert>();
  private readonly alive = (a: ArmedAlert) => this.byId.get(a.id) === a;

  get size() {
    return this.byId.size;
  }

  has(id: string) {
    return this.byId.has(id);
  }

  clear() {
    this.books.clear();
    this.byId.clear();
  }

  /** Takes over a freshly loaded index (the periodic resync builds one aside, then swaps). */
  adopt(fresh: AlertIndex) {
    this.books = fresh.books;
    this.byId = fresh.byId;
    fresh.books = new Map();
    fresh.byId = new Map();
  }

  private book(symbol: string) {
    let b = this.books.get(symbol);
    if (!b) {
      b = new SymbolBook();
      this.books.set(symbol, b);
    }
    return b;
  }

  /** Alerts that can never fire (a change % alert without a base price) are not indexed. */
  private static indexable(a: ArmedAlert) {
    return a.alertType !== "change_percent" || (a.currentValue !== null && a.currentValue > 0);
  }

  /** Adds (or replaces) an armed alert. Each add stores its own copy, so old entries die. */
  add(input: ArmedAlert) {
    this.remove(input.id);
    if (!AlertIndex.indexable(input)) return;
    const a = { ...input };
    const b = this.book(a.symbol);
    if (a.alertType === "change_percent") {
      b.bandUp.insert(bandUp(a), a);
      b.bandDown.insert(bandDown(a), a);
      b.entries += 2;
    } else {
      (a.alertType === "above" ? b.above : b.below).insert(a.targetValue, a);
      b.entries += 1;
    }
    this.byId.set(a.id, a);
  }

  /** Bulk load without sorting per insert; call finishLoad() afterwards. */
  load(alerts: Iterable<ArmedAlert>) {
    for (const input of alerts) {
      if (this.byId.has(input.id)) this.remove(input.id);
      if (!AlertIndex.indexable(input)) continue;
      const a = { ...input };
      const b = this.book(a.symbol);
      if (a.alertType === "change_percent") {
        b.bandUp.push(bandUp(a), a);
        b.bandDown.push(bandDown(a), a);
        b.entries += 2;
      } else {
        (a.alertType === "above" ? b.above : b.below).push(a.targetValue, a);
        b.entries += 1;
      }
      this.byId.set(a.id, a);
    }
  }

  finishLoad() {
    for (const b of this.books.values()) {
      for (const ladder of [b.above, b.below, b.bandUp, b.bandDown]) {
        b.dead -= ladder.compact(this.alive);
        ladder.sort();
      }
      b.entries = b.above.at.length + b.below.at.length + b.bandUp.at.length + b.bandDown.at.length;
      b.dead = 0;
    }
  }

  remove(id: string) {
    const a = this.byId.get(id);
    if (!a) return false;
    this.byId.delete(id);
    const b = this.books.get(a.symbol);
    if (b) this.retire(b, a.alertType === "change_percent" ? 2 : 1);
    return true;
  }

  /** Counts newly dead entries and compacts the book when they dominate. */
  private retire(b: SymbolBook, n: number) {
    b.dead += n;
    if (b.dead < COMPACT_MIN_DEAD || b.dead * 2 < b.entries) return;
    for (const ladder of [b.above, b.below, b.bandUp, b.bandDown]) ladder.compact(this.alive);
    b.entries -= b.dead;
    b.dead = 0;
  }

  /**
   * The alerts whose condition holds at these prices, removed from the index (the caller puts
   * them back with add() if it could not record the trigger).
   */
  collect(prices: Iterable<{ symbol: string; price: number }>): Candidate[] {
    const out: Candidate[] = [];
    const taken: ArmedAlert[] = [];
    for (const { symbol, price } of prices) {
      const b = this.books.get(symbol);
      if (!b || !(price > 0)) continue;
      taken.length = 0;
      let dropped = b.above.take(price, this.alive, null, taken);
      dropped += b.below.take(price, this.alive, null, taken);
      const plain = taken.length;
      dropped += b.bandUp.take(price, this.alive, exactBand, taken);
      dropped += b.bandDown.take(price, this.alive, exactBand, taken);
      b.entries -= dropped + taken.length;
      b.dead -= dropped;
      for (const a of taken) {
        this.byId.delete(a.id);
        out.push({ alert: a, price });
      }
      // A fired change % alert leaves its other threshold behind, now dead.
      if (taken.length > plain) this.retire(b, taken.length - plain);
    }
    return out;
  }
}
