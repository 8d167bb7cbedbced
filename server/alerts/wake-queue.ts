/** A binary min-heap of resting alerts by wake time (daily and every alerts after a trigger). */
export class WakeQueue<T extends { wakeAt?: number }> {
  private heap: T[] = [];
  get size() {
    return this.heap.length;
  }
  push(e: T) {
    const h = this.heap;
    h.push(e);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >>> 1;
      if (h[p]!.wakeAt! <= h[i]!.wakeAt!) break;
      [h[p], h[i]] = [h[i]!, h[p]!];
      i = p;
    }
  }
  /** Removes and returns the earliest entry due at `now`, or null. */
  popDue(now: number): T | null {
    const h = this.heap;
    if (h.length === 0 || h[0]!.wakeAt! > now) return null;
    const top = h[0]!;
    const last = h.pop()!;
    if (h.length > 0) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && h[l]!.wakeAt! < h[m]!.wakeAt!) m = l;
        if (r < h.length && h[r]!.wakeAt! < h[m]!.wakeAt!) m = r;
        if (m === i) break;
        [h[m], h[i]] = [h[i]!, h[m]!];
        i = m;
      }
    }
    return top;
  }
}
