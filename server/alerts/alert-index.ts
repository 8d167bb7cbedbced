import type { AlertType } from "../contracts";

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

interface Entry {
  /** The price at which the alert fires when crossed. */
  at: number;
  alert: ArmedAlert;
}

/**
 * One sorted list of thresholds. `rising` lists fire when the price climbs to a threshold, so they
 * are kept ascending; falling lists are kept descending. Either way the alerts that fire at a price
 * are a prefix, so a tick costs O(alerts that fire) plus one comparison.
 */
class Ladder {
  entries: Entry[] = [];
  constructor(readonly rising: boolean) {}

  /** True when the threshold is reached at this price. */
  reached(at: number, price: number) {
    return this.rising ? price >= at : price <= at;
  }

  /** First index whose threshold sorts after `at` (insertion keeps equal thresholds in order). */
  private upperBound(at: number) {
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const cur = this.entries[mid]!.at;
      if (this.rising ? cur <= at : cur >= at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private lowerBound(at: number) {
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const cur = this.entries[mid]!.at;
      if (this.rising ? cur < at : cur > at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  insert(entry: Entry) {
    this.entries.splice(this.upperBound(entry.at), 0, entry);
  }

  remove(id: string, at: number) {
    for (let i = this.lowerBound(at); i < this.entries.length && this.entries[i]!.at === at; i++) {
      if (this.entries[i]!.alert.id === id) {
        this.entries.splice(i, 1);
        return true;
      }
    }
    return false;
  }

  /** Used by the bulk load: append everything, sort once. */
  sort() {
    this.entries.sort(this.rising ? (a, b) => a.at - b.at : (a, b) => b.at - a.at);
  }

  /**
   * Takes the entries reached at `price` for which `accept` agrees, leaving the others in place.
   * Only the reached prefix is visited.
   */
  take(price: number, accept: (e: Entry) => boolean): Entry[] {
    const list = this.entries;
    let end = 0;
    while (end < list.length && this.reached(list[end]!.at, price)) end++;
    if (end === 0) return [];
    const taken: Entry[] = [];
    const kept: Entry[] = [];
    for (let i = 0; i < end; i++) {
      const e = list[i]!;
      (accept(e) ? taken : kept).push(e);
    }
    list.splice(0, end, ...kept);
    return taken;
  }
}

/**
 * Change % alerts fire on a move either way, so each one sits on two ladders: base × (1 + p/100)
 * rising and base × (1 − p/100) falling. The thresholds are widened by a hair so rounding never
 * hides a trigger; the spec's formula then has the last word.
 */
const SLACK = 1e-12;

export function changePercentReached(price: number, base: number, percent: number) {
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

class SymbolBook {
  above = new Ladder(true);
  below = new Ladder(false);
  bandUp = new Ladder(true);
  bandDown = new Ladder(false);
  /** Change % parameters, for the exact check and for removing the twin entry. */
  bands = new Map<string, { base: number; percent: number; up: number; down: number }>();
}

interface Located {
  symbol: string;
  alertType: AlertType;
  at: number;
}

/**
 * The in-memory index of armed alerts: per symbol, sorted thresholds. Built from the database at
 * start, kept in sync by create / toggle / delete events, and consulted on every tick.
 */
export class AlertIndex {
  private books = new Map<string, SymbolBook>();
  private byId = new Map<string, Located>();

  get size() {
    return this.byId.size;
  }

  has(id: string) {
    return this.byId.has(id);
  }

  symbols() {
    return [...this.books.keys()];
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

  /** Adds (or replaces) an armed alert. Alerts that can never fire are not indexed. */
  add(alert: ArmedAlert) {
    this.remove(alert.id);
    this.place(alert, false);
  }

  /** Bulk load without re-sorting per insert; call finishLoad() afterwards. */
  load(alerts: Iterable<ArmedAlert>) {
    for (const a of alerts) {
      if (this.byId.has(a.id)) this.remove(a.id);
      this.place(a, true);
    }
  }

  finishLoad() {
    for (const b of this.books.values()) {
      b.above.sort();
      b.below.sort();
      b.bandUp.sort();
      b.bandDown.sort();
    }
  }

  private place(a: ArmedAlert, bulk: boolean) {
    const b = this.book(a.symbol);
    const put = (ladder: Ladder, entry: Entry) => (bulk ? ladder.entries.push(entry) : ladder.insert(entry));
    if (a.alertType === "change_percent") {
      const base = a.currentValue;
      if (base === null || !(base > 0)) return;
      const up = base * (1 + a.targetValue / 100) * (1 - SLACK);
      const down = base * (1 - a.targetValue / 100) * (1 + SLACK);
      b.bands.set(a.id, { base, percent: a.targetValue, up, down });
      put(b.bandUp, { alert: a, at: up });
      put(b.bandDown, { alert: a, at: down });
      this.byId.set(a.id, { symbol: a.symbol, alertType: a.alertType, at: up });
      return;
    }
    put(a.alertType === "above" ? b.above : b.below, { alert: a, at: a.targetValue });
    this.byId.set(a.id, { symbol: a.symbol, alertType: a.alertType, at: a.targetValue });
  }

  remove(id: string) {
    const loc = this.byId.get(id);
    if (!loc) return false;
    this.byId.delete(id);
    const b = this.books.get(loc.symbol);
    if (!b) return true;
    if (loc.alertType === "change_percent") {
      const band = b.bands.get(id);
      b.bands.delete(id);
      if (band) {
        b.bandUp.remove(id, band.up);
        b.bandDown.remove(id, band.down);
      }
    } else {
      (loc.alertType === "above" ? b.above : b.below).remove(id, loc.at);
    }
    return true;
  }

  /**
   * The alerts whose condition holds at these prices, removed from the index (the caller puts
   * them back with add() if it could not record the trigger).
   */
  collect(prices: Iterable<{ symbol: string; price: number }>): Candidate[] {
    const out: Candidate[] = [];
    for (const { symbol, price } of prices) {
      const b = this.books.get(symbol);
      if (!b || !(price > 0)) continue;
      const fire = (e: Entry) => {
        this.byId.delete(e.alert.id);
        out.push({ alert: e.alert, price });
      };
      for (const e of b.above.take(price, () => true)) fire(e);
      for (const e of b.below.take(price, () => true)) fire(e);
      const exact = (e: Entry) => {
        const band = b.bands.get(e.alert.id);
        return band !== undefined && changePercentReached(price, band.base, band.percent);
      };
      for (const [ladder, twin] of [
        [b.bandUp, b.bandDown],
        [b.bandDown, b.bandUp],
      ] as const) {
        const taken = ladder.take(price, exact);
        if (taken.length === 0) continue;
        const twinIds = new Set<string>();
        for (const e of taken) {
          const band = b.bands.get(e.alert.id)!;
          b.bands.delete(e.alert.id);
          if (taken.length <= 8) twin.remove(e.alert.id, twin === b.bandDown ? band.down : band.up);
          else twinIds.add(e.alert.id);
          fire(e);
        }
        // Many at once (a gap move): one pass beats a splice per alert.
        if (twinIds.size > 0) twin.entries = twin.entries.filter((e) => !twinIds.has(e.alert.id));
      }
    }
    return out;
  }
}
