/**
 * A Retry-After header in milliseconds from `now`: delay-seconds or an HTTP date, as RFC 9110
 * allows (a date in the past is 0). Null when absent or unreadable, including a negative number.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^[-+]?\d+(\.\d+)?$/.test(text)) {
    const seconds = Number(text);
    return seconds >= 0 ? Math.round(seconds * 1000) : null;
  }
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
