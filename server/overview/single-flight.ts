/** A read that runs once at a time, and a way to wait for the one under way. */
export interface SingleFlight {
  (): Promise<void>;
  /** Resolves when no run is under way (at once if none is). */
  settled(): Promise<void>;
}

/**
 * Calls while a run is under way share it rather than start another (a slow database must not
 * pile up the same grouped query on every tick).
 */
export function singleFlight(run: () => Promise<void>): SingleFlight {
  let running: Promise<void> | null = null;
  const start = () => {
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  };
  return Object.assign(start, { settled: () => (running ?? Promise.resolve()).catch(() => {}) });
}
