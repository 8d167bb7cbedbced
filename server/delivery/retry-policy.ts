/**
 * When a failed delivery is tried again. Exponential backoff with jitter spreads the retries of
 * many deliveries that failed together (a receiver that was down); a receiver's Retry-After is a
 * floor, never shortened. With the defaults (9 attempts, 15 s base) the last attempt is about an
 * hour after the first.
 */
export interface RetryPolicy {
  maxAttempts: number;
  baseMs: number;
  /** The longest single wait, also the cap on a receiver's Retry-After. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 9, baseMs: 15_000, maxDelayMs: 30 * 60_000 };

/** The wait after failed attempt number `attempt` (1-based): base·2^(attempt−1), ±25 % jitter. */
export function retryDelayMs(
  policy: RetryPolicy,
  attempt: number,
  retryAfterMs?: number,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(policy.baseMs * 2 ** Math.min(attempt - 1, 20), policy.maxDelayMs);
  const jittered = Math.round(exponential * (0.75 + random() * 0.5));
  return Math.min(Math.max(jittered, retryAfterMs ?? 0), policy.maxDelayMs);
}

/**
 * Whether an HTTP answer is worth another attempt: timeouts at the receiver or a proxy (408),
 * too early (425), rate limited (429) and server errors are; any other 4xx means the request
 * itself is refused and would be refused again.
 */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 425 || status === 429 || status >= 500;
}
