import type { Logger } from "../logger";
import type { Clock } from "./rate-limiter";

/**
 * Delivery's answer to a mail server that is down: drains stop until the pause is over. The first
 * pause lasts `pauseMs` and each further one of the same outage doubles, up to `maxPauseMs`; a
 * mail that goes through ends the outage.
 */
export interface OutagePause {
  isPaused(): boolean;
  /** Milliseconds until the pause is over (0 when not paused). */
  remainingMs(): number;
  /** The mail server was found down (a pause already running is kept as it is). */
  pause(message: string): void;
  /** A mail went through: the next outage starts again at the first pause. */
  recovered(): void;
  /** The paused-until time as a date, and the transport error behind it. */
  status(): { pausedUntil: Date | null; lastTransportError: string | null };
}

export function createOutagePause(o: { pauseMs: number; maxPauseMs: number; clock: Clock; log: Logger }) {
  let pausedUntil = 0;
  let nextPause = o.pauseMs;
  let lastTransportError: string | null = null;
  const isPaused = () => o.clock.now() < pausedUntil;
  const pause: OutagePause = {
    isPaused,
    remainingMs: () => Math.max(0, pausedUntil - o.clock.now()),
    pause(message) {
      if (isPaused()) return;
      pausedUntil = o.clock.now() + nextPause;
      o.log.warn({ pauseMs: nextPause, err: message }, "mail server unavailable; delivery paused");
      nextPause = Math.min(nextPause * 2, o.maxPauseMs);
      lastTransportError = message;
    },
    recovered() {
      nextPause = o.pauseMs;
      lastTransportError = null;
    },
    status: () => ({
      pausedUntil: isPaused() ? new Date(Date.now() + (pausedUntil - o.clock.now())) : null,
      lastTransportError,
    }),
  };
  return pause;
}
