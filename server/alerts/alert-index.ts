import type { AlertFrequency } from "#common/alert-options";
import type { AlertTypeValue as AlertType } from "#common/alert-schema";
import { Ladder } from "./ladder";
import { PriceHistory } from "./price-history";
import { WakeQueue } from "./wake-queue";

/** What the evaluator needs to know about an armed alert (status active). */
export interface ArmedAlert {
  id: string;
  symbol: string;
  alertType: AlertType;
  targetValue: number;
  /** The change % base: the price when the alert was created (or re-armed, or last fired). */
  currentValue: number | null;
  /** move_window: the window in minutes (target_value is the %). */
  windowMinutes?: number | null;
  /** once when absent. */
  frequency?: AlertFrequency;
  cooldownSeconds?: number | null;
  /** Epoch ms; an alert past it never fires. */
  expiresAt?: number | null;
  /** Epoch ms: a daily or every alert rests until then after a trigger. */
  wakeAt?: number;
  /** It asked for push or webhook delivery (the evaluator skips the queue otherwise). */
  delivers?: boolean;
}

/** An alert whose condition holds at `price`; `base` is what a move was measured from. */
export interface Candidate {
  alert: ArmedAlert;
  price: number;
  base?: number;
}

function changePercentReached(price: number, base: number, percent: number) {
  return (Math.abs(price - base) / base) * 100 >= percent;
}

/** The level conditions at one price (crossings and windows need the previous prices). */
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
    default:
      return false;
  }
}

/** Whether a tick from `previous` to `price` crosses the alert's target (crossing_up/down). */
export function crosses(
  alert: Pick<ArmedAlert, "alertType" | "targetValue">,
  previous: number,
  price: number,
) {
  const t = alert.targetValue;
  if (alert.alertType === "crossing_up") return previous < t && t <= price;
  if (alert.alertType === "crossing_down") return previous > t && t >= price;
  return false;
}

/**
 * Change % alerts fire on a move either way, so each one sits on two ladders: base × (1 + p/100)
 * rising and base × (1 − p/100) falling. The thresholds are widened by a hair so rounding never
 * hides a trigger; the exact rule (docs/product/alerts.md) then has the last word. Recomputed on
 * demand (same inputs, same double), so nothing beyond the alert itself is stored per alert.
 */
const SLACK = 1e-12;
const bandUp = (a: ArmedAlert) => a.currentValue! * (1 + a.targetValue / 100) * (1 - SLACK);
const bandDown = (a: ArmedAlert) => a.currentValue! * (1 - a.targetValue / 100) * (1 + SLACK);
const exactBand = (a: ArmedAlert, price: number) =>
  changePercentReached(price, a.currentValue!, a.targetValue);

/** An indexed alert: the caller's fields plus whether it sits on the ladders (else it rests). */
interface Entry extends ArmedAlert {
  placed: boolean;
}

class SymbolBook {
  above = new Ladder<Entry>(true);
  below = new Ladder<Entry>(false);
  bandUp = new Ladder<Entry>(true);
  bandDown = new Ladder<Entry>(false);
  crossUp = new Ladder<Entry>(true);
  crossDown = new Ladder<Entry>(false);
  /** move_window alerts per window (minutes), thresholds = the % move, ascending. */
  windows = new Map<number, Ladder<Entry>>();
  /** Entries on the ladders, and how many of them are dead. */
  entries = 0;
  dead = 0;

  ladders(): Ladder<Entry>[] {
    return [
      this.above,
      this.below,
      this.bandUp,
      this.bandDown,
      this.crossUp,
      this.crossDown,
      ...this.windows.values(),
    ];
  }

  window(minutes: number) {
    let w = this.windows.get(minutes);
    if (!w) {
      w = new Ladder<Entry>(true);
      this.windows.set(minutes, w);
    }
    return w;
  }

  /** Where an alert sits: (ladder, threshold) pairs. */
  places(a: Entry): Array<[Ladder<Entry>, number]> {
    switch (a.alertType) {
      case "above":
        return [[this.above, a.targetValue]];
      case "below":
        return [[this.below, a.targetValue]];
      case "change_percent":
        return [
          [this.bandUp, bandUp(a)],
          [this.bandDown, bandDown(a)],
        ];
      case "crossing_up":
        return [[this.crossUp, a.targetValue]];
      case "crossing_down":
        return [[this.crossDown, a.targetValue]];
      case "move_window":
        return [[this.window(a.windowMinutes!), a.targetValue]];
    }
  }
}

/** A book compacts once dead entries outnumber live ones (and are worth a pass). */
const COMPACT_MIN_DEAD = 1024;
const entriesOf = (a: ArmedAlert) => (a.alertType === "change_percent" ? 2 : 1);

/**
 * The in-memory index of armed alerts: per symbol, sorted thresholds for every condition (levels,
 * change % bands, crossings, window moves), the previous price of each symbol (crossings) and its
 * recent prices (windows). Alerts resting after a daily or every trigger wait in a wake queue,
 * off the ladders. Built from the database at start, kept in sync by events, consulted per tick.
 */
export class AlertIndex {
  private books = new Map<string, SymbolBook>();
  /** The live copy of each armed alert; a ladder entry holding another object is dead. */
  private byId = new Map<string, Entry>();
  private resting = new WakeQueue<Entry>();
  private expired: string[] = [];
  /** The last price seen per symbol: a crossing is judged between it and the new one. */
  readonly lastPrice = new Map<string, number>();
  readonly history = new PriceHistory();
  private readonly alive = (a: Entry) => this.byId.get(a.id) === a;

  get size() {
    return this.byId.size;
  }

  has(id: string) {
    return this.byId.has(id);
  }

  get(id: string): ArmedAlert | undefined {
    return this.byId.get(id);
  }

  clear() {
    this.books.clear();
    this.byId.clear();
    this.resting = new WakeQueue<Entry>();
  }

  /** Takes over a freshly loaded index (the periodic resync builds one aside, then swaps); prices stay. */
  adopt(fresh: AlertIndex) {
    this.books = fresh.books;
    this.byId = fresh.byId;
    this.resting = fresh.resting;
    fresh.books = new Map();
    fresh.byId = new Map();
    fresh.resting = new WakeQueue<Entry>();
  }

  /** Symbols with move_window alerts (their price history is worth backfilling). */
  windowSymbols(): string[] {
    const out: string[] = [];
    for (const [symbol, b] of this.books)
      if ([...b.windows.values()].some((l) => l.at.length > 0)) out.push(symbol);
    return out;
  }

  private book(symbol: string) {
    let b = this.books.get(symbol);
    if (!b) {
      b = new SymbolBook();
      this.books.set(symbol, b);
    }
    return b;
  }

  /** Alerts that can never fire (change % without a base, a window alert without a window) are not indexed. */
  static indexable(a: ArmedAlert) {
    if (a.alertType === "change_percent") return a.currentValue !== null && a.currentValue > 0;
    if (a.alertType === "move_window") return (a.windowMinutes ?? 0) > 0;
    return true;
  }

  private place(a: Entry, sorted: boolean) {
    const b = this.book(a.symbol);
    for (const [ladder, at] of b.places(a)) sorted ? ladder.insert(at, a) : ladder.push(at, a);
    b.entries += entriesOf(a);
    a.placed = true;
  }

  /** Adds (or replaces) an armed alert. Each add stores its own copy, so old entries die. */
  add(input: ArmedAlert) {
    this.remove(input.id);
    if (!AlertIndex.indexable(input)) return;
    const a: Entry = { ...input, placed: false };
    this.byId.set(a.id, a);
    if (a.wakeAt) this.resting.push(a);
    else this.place(a, true);
  }

  /** Bulk load without sorting per insert; call finishLoad() afterwards. */
  load(alerts: Iterable<ArmedAlert>) {
    for (const input of alerts) {
      if (this.byId.has(input.id)) this.remove(input.id);
      if (!AlertIndex.indexable(input)) continue;
      const a: Entry = { ...input, placed: false };
      this.byId.set(a.id, a);
      if (a.wakeAt) this.resting.push(a);
      else this.place(a, false);
    }
  }

  finishLoad() {
    for (const b of this.books.values()) {
      let entries = 0;
      for (const ladder of b.ladders()) {
        ladder.compact(this.alive);
        ladder.sort();
        entries += ladder.at.length;
      }
      b.entries = entries;
      b.dead = 0;
    }
  }

  remove(id: string) {
    const a = this.byId.get(id);
    if (!a) return false;
    this.byId.delete(id);
    const b = this.books.get(a.symbol);
    if (b && a.placed) this.retire(b, entriesOf(a));
    return true;
  }

  /** Counts newly dead entries and compacts the book when they dominate. */
  private retire(b: SymbolBook, n: number) {
    b.dead += n;
    if (b.dead < COMPACT_MIN_DEAD || b.dead * 2 < b.entries) return;
    for (const ladder of b.ladders()) ladder.compact(this.alive);
    b.entries -= b.dead;
    b.dead = 0;
  }

  /** Puts resting alerts whose time has come back on their ladders. */
  private wake(now: number) {
    for (let e = this.resting.popDue(now); e; e = this.resting.popDue(now)) {
      if (this.alive(e)) this.place(e, true);
    }
  }

  /** The ids of alerts found past their expiry since the last call (dropped from the index). */
  takeExpired(): string[] {
    return this.expired.splice(0);
  }

  /** Follows the prices without evaluating (a process that does not lead the jobs). */
  observe(prices: Iterable<{ symbol: string; price: number }>, now = Date.now()) {
    for (const { symbol, price } of prices) {
      if (!(price > 0)) continue;
      this.lastPrice.set(symbol, price);
      this.history.record(symbol, now, price);
    }
  }

  /**
   * One armed alert judged now against the last price (a new, re-armed or edited alert): a level
   * condition (above, below) is a state, so an alert that already holds is taken at once instead
   * of waiting for the next tick, which may be days away on a closed market. A crossing or a
   * window move needs a move between ticks and waits for them; so does a resting daily or every
   * alert. Taken like collect() takes it (the caller puts it back if it cannot record it).
   */
  takeHolding(id: string, price: number, now = Date.now()): Candidate | null {
    const a = this.byId.get(id);
    if (!a?.placed || !(price > 0) || !conditionHolds(a, price)) return null;
    if (a.expiresAt != null && a.expiresAt <= now) return null;
    this.remove(id);
    const { placed: _, ...alert } = a;
    return { alert, price };
  }

  /**
   * The alerts whose condition holds at these prices, removed from the index (the caller puts
   * them back with add() if it could not record the trigger). Alerts past their expiry are
   * dropped instead and listed by takeExpired().
   */
  collect(prices: Iterable<{ symbol: string; price: number }>, now = Date.now()): Candidate[] {
    this.wake(now);
    const out: Candidate[] = [];
    const taken: Entry[] = [];
    for (const { symbol, price } of prices) {
      if (!(price > 0)) continue;
      const previous = this.lastPrice.get(symbol);
      const b = this.books.get(symbol);
      if (b) this.collectBook(b, symbol, price, previous, now, taken, out);
      this.lastPrice.set(symbol, price);
      this.history.record(symbol, now, price);
    }
    return out;
  }

  private collectBook(
    b: SymbolBook,
    symbol: string,
    price: number,
    previous: number | undefined,
    now: number,
    taken: Entry[],
    out: Candidate[],
  ) {
    taken.length = 0;
    let dropped = b.above.take(price, this.alive, null, taken);
    dropped += b.below.take(price, this.alive, null, taken);
    const single = taken.length;
    dropped += b.bandUp.take(price, this.alive, exactBand, taken);
    dropped += b.bandDown.take(price, this.alive, exactBand, taken);
    const bands = taken.length - single;
    if (previous !== undefined && price > previous)
      dropped += b.crossUp.takeCrossed(previous, price, this.alive, taken);
    if (previous !== undefined && price < previous)
      dropped += b.crossDown.takeCrossed(previous, price, this.alive, taken);
    const beforeWindows = taken.length;
    const bases: number[] = [];
    for (const [minutes, ladder] of b.windows) {
      if (ladder.at.length === 0) continue;
      const base = this.history.priceAgo(symbol, now, minutes);
      if (base === null || !(base > 0)) continue;
      const n = taken.length;
      dropped += ladder.take((Math.abs(price - base) / base) * 100, this.alive, null, taken);
      for (let i = n; i < taken.length; i++) bases.push(base);
    }
    b.entries -= dropped + taken.length;
    b.dead -= dropped;
    for (let i = 0; i < taken.length; i++) {
      const a = taken[i]!;
      this.byId.delete(a.id);
      a.placed = false;
      if (a.expiresAt != null && a.expiresAt <= now) {
        this.expired.push(a.id);
        continue;
      }
      const candidate: Candidate = { alert: a, price };
      if (i >= beforeWindows) candidate.base = bases[i - beforeWindows];
      out.push(candidate);
    }
    // A fired change % alert leaves its other threshold behind, now dead.
    if (bands > 0) this.retire(b, bands);
  }
}
