/**
 * One sorted list of thresholds, as parallel arrays (fewer objects for the garbage collector with
 * a million alerts). Rising ladders fire when a value climbs to a threshold and are kept
 * ascending; falling ladders descending. What fires at a value is a prefix (or, for a crossing,
 * the run between the previous and the new price), so a tick costs a binary search plus
 * O(entries that fire).
 *
 * Removal is lazy: an entry whose item is no longer alive is dead and is dropped when the value
 * reaches it (or when its book compacts). That keeps a trigger, a pause and a delete O(1) instead
 * of a splice through thousands of thresholds.
 */
export class Ladder<T> {
  at: number[] = [];
  items: T[] = [];
  constructor(readonly rising: boolean) {}

  private reached(at: number, value: number) {
    return this.rising ? value >= at : value <= at;
  }

  /** First position whose threshold sorts after `at` (equal thresholds keep insertion order). */
  upperBound(at: number) {
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

  insert(at: number, item: T) {
    const i = this.upperBound(at);
    this.at.splice(i, 0, at);
    this.items.splice(i, 0, item);
  }

  /** Bulk load: append everything, then sort once. */
  push(at: number, item: T) {
    this.at.push(at);
    this.items.push(item);
  }

  sort() {
    const order = this.at.map((_, i) => i);
    const at = this.at;
    order.sort(this.rising ? (a, b) => at[a]! - at[b]! : (a, b) => at[b]! - at[a]!);
    this.at = order.map((i) => at[i]!);
    const items = this.items;
    this.items = order.map((i) => items[i]!);
  }

  /** Drops dead entries everywhere; returns how many. */
  compact(alive: (item: T) => boolean) {
    let w = 0;
    for (let r = 0; r < this.at.length; r++) {
      const a = this.items[r]!;
      if (!alive(a)) continue;
      this.at[w] = this.at[r]!;
      this.items[w] = a;
      w++;
    }
    const dropped = this.at.length - w;
    this.at.length = w;
    this.items.length = w;
    return dropped;
  }

  /**
   * Moves the live items whose threshold lies from position `from` up to where `value` stops
   * reaching (and accepted by `exact`, if given) to `out`, drops the dead ones, keeps the rest in
   * place. Only that run is visited. Returns how many dead entries were dropped.
   */
  take(
    value: number,
    alive: (item: T) => boolean,
    exact: ((item: T, value: number) => boolean) | null,
    out: T[],
    from = 0,
  ) {
    let end = from;
    while (end < this.at.length && this.reached(this.at[end]!, value)) end++;
    if (end === from) return 0;
    let kept = from;
    let dead = 0;
    for (let i = from; i < end; i++) {
      const a = this.items[i]!;
      if (!alive(a)) dead++;
      else if (exact === null || exact(a, value)) out.push(a);
      else {
        // Borderline by the slack: stays, compacted to the front of the run.
        this.at[kept] = this.at[i]!;
        this.items[kept] = a;
        kept++;
      }
    }
    this.at.splice(kept, end - kept);
    this.items.splice(kept, end - kept);
    return dead;
  }

  /**
   * The crossing between two prices: thresholds strictly beyond `previous` and reached by `value`
   * (previous < t ≤ value rising; previous > t ≥ value falling).
   */
  takeCrossed(previous: number, value: number, alive: (item: T) => boolean, out: T[]) {
    return this.take(value, alive, null, out, this.upperBound(previous));
  }
}
