import type { Db } from "../db/client";
import { createRateLimiter } from "../rate-limit/limiter";

/**
 * Who may make 'Refresh Analysis' recompute, and how often (docs/security.md, anti-automation).
 * A refresh recomputes every analysis on the dashboard (model calls when an AI engine is set) and
 * empties the news snapshots every reader's page is served from, so the button is limited per
 * client address and, signed in, per account; and the anonymous presses of all addresses together
 * recompute at most once per ANONYMOUS_REFRESH_INTERVAL_MS: one within it is answered with the
 * analysis as it stands. Counts are in the database, shared by every process.
 */
export const REFRESH_LIMITS = { perAddress: 5, perUser: 5, windowMs: 60_000 } as const;
export const ANONYMOUS_REFRESH_INTERVAL_MS = 60_000;

export type RefreshRequester = { ip: string; userId: string | null };
export type RefreshVerdict =
  | { allowed: false; retryAfterSeconds: number }
  | { allowed: true; recompute: boolean };

export function createRefreshGate(db: Db) {
  const { perAddress, perUser, windowMs } = REFRESH_LIMITS;
  const byAddress = createRateLimiter(db, { name: "analysis-refresh-ip", limit: perAddress, windowMs });
  const byUser = createRateLimiter(db, { name: "analysis-refresh-user", limit: perUser, windowMs });
  const anonymous = createRateLimiter(db, {
    name: "analysis-refresh-anonymous",
    limit: 1,
    windowMs: ANONYMOUS_REFRESH_INTERVAL_MS,
  });
  return {
    async admit({ ip, userId }: RefreshRequester): Promise<RefreshVerdict> {
      const [ipOk, userOk] = await Promise.all([byAddress.hit(ip), userId === null || byUser.hit(userId)]);
      if (!ipOk || !userOk) {
        const waits = await Promise.all([
          ipOk ? 0 : byAddress.retryAfterSeconds(ip),
          userOk || userId === null ? 0 : byUser.retryAfterSeconds(userId),
        ]);
        return { allowed: false, retryAfterSeconds: Math.max(1, ...waits) };
      }
      if (userId !== null) return { allowed: true, recompute: true };
      return { allowed: true, recompute: await anonymous.hit("all") };
    },
  };
}
