import { parseRetryAfter } from "#common/retry-after";
import { PrivateAddressError } from "../news/address-guard";
import { isRetryableStatus } from "./retry-policy";
import type { SendOutcome } from "./types";

// What one HTTP POST of a channel sender (webhook, Web Push) came to, for the delivery queue.

/** What of a refusal's body goes into the delivery log. */
const ERROR_SNIPPET = 200;

/**
 * An answer: 2xx is delivered; any other status is a failure that is retried when the status says
 * a later attempt may work (Retry-After passed on), with the start of the body for the log.
 */
export async function outcomeOfResponse(
  res: Response,
  latency: () => number,
  now: number,
): Promise<SendOutcome> {
  const statusCode = res.status;
  if (statusCode >= 200 && statusCode < 300) {
    await res.body?.cancel().catch(() => {});
    return { ok: true, statusCode, latencyMs: latency() };
  }
  const snippet = (await res.text().catch(() => "")).slice(0, ERROR_SNIPPET);
  const retryAfterMs = parseRetryAfter(res.headers.get("retry-after"), now) ?? undefined;
  return {
    ok: false,
    retry: isRetryableStatus(statusCode),
    statusCode,
    latencyMs: latency(),
    error: `HTTP ${statusCode}${snippet ? `: ${snippet}` : ""}`,
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  };
}

/** No answer: a refused private address is final; timeouts and connection errors are retried. */
export function outcomeOfError(err: unknown, latencyMs: number, timeoutMs: number): SendOutcome {
  const cause = (err as { cause?: unknown })?.cause;
  if (err instanceof PrivateAddressError || cause instanceof PrivateAddressError) {
    return { ok: false, retry: false, latencyMs, error: "refused: the address is on a private network" };
  }
  const name = (err as Error)?.name;
  if (name === "TimeoutError" || name === "AbortError") {
    return { ok: false, retry: true, latencyMs, error: `timed out after ${timeoutMs} ms` };
  }
  const code = (cause as { code?: string })?.code ?? (err as { code?: string })?.code;
  const message = (cause as Error)?.message ?? (err as Error)?.message ?? String(err);
  return {
    ok: false,
    retry: true,
    latencyMs,
    error: `connection failed${code ? ` (${code})` : ""}: ${message}`,
  };
}
