/**
 * The one way every price source talks HTTP: one request at a time per source, a token bucket per
 * source (a second guard behind the refresh planner), a short timeout, `429` honoured with its
 * `Retry-After`, and exponential backoff after failures so an offline machine or a throttled IP
 * is not hammered. Errors are classified so the admin overview can say what went wrong.
 */

export type SourceErrorKind =
  | "auth"
  | "rate_limited"
  | "backoff"
  | "budget"
  | "http"
  | "html"
  | "timeout"
  | "network"
  | "bad_response";

export class SourceError extends Error {
  constructor(
    readonly kind: SourceErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "SourceError";
  }
}

export interface HttpClientOptions {
  /** Source name, in error messages. */
  name: string;
  baseUrl: string;
  headers?: Record<string, string>;
  /** The product's User-Agent (server/http/user-agent.ts); every request sends one. */
  userAgent?: string;
  timeoutMs?: number;
  /** Statuses whose JSON body is an ordinary answer (Yahoo's 404 for an unknown ticker). */
  answerStatuses?: number[];
  /** Requests per minute the bucket refills to (capacity: a fifth of it, at least one). */
  perMinute: number;
  /**
   * An error the source sends in a parsed body (some APIs answer errors with HTTP 200): a request
   * it names fails like one refused by its status (backoff, `Retry-After`, health), never a success.
   */
  bodyError?: (body: unknown) => { error: SourceError; retryAfterMs?: number } | null;
  clock?: () => number;
  fetch?: typeof fetch;
}

const MAX_BACKOFF_MS = 10 * 60_000;
const FIRST_BACKOFF_MS = 2_000;

import { parseRetryAfter } from "#common/retry-after";
import { productUserAgent } from "#server/http/user-agent";

export interface HttpClient {
  getJson(path: string, signal?: AbortSignal): Promise<unknown>;
  /** When the source may be asked again (0 when now). */
  backoffUntil(): number;
  /** Requests sent (for the budget display). */
  sent(): number;
}

export function createHttpClient(opts: HttpClientOptions): HttpClient {
  const base = opts.baseUrl.replace(/\/+$/, "");
  const clock = opts.clock ?? Date.now;
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 4_000;
  const capacity = Math.max(1, Math.floor(opts.perMinute / 5));
  let tokens = capacity;
  let refilledAt = clock();
  let blockedUntil = 0;
  let failures = 0;
  let sentCount = 0;
  // One request at a time: each waits for the one before it.
  let queue: Promise<unknown> = Promise.resolve();

  function takeToken(now: number) {
    tokens = Math.min(capacity, tokens + ((now - refilledAt) / 60_000) * opts.perMinute);
    refilledAt = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  }

  function fail(now: number, err: SourceError, retryAfterMs?: number | null): never {
    failures += 1;
    const backoff = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (failures - 1));
    blockedUntil = now + Math.max(retryAfterMs ?? 0, backoff);
    throw err;
  }

  async function request(path: string, signal?: AbortSignal): Promise<unknown> {
    const now = clock();
    if (now < blockedUntil) {
      throw new SourceError(
        "backoff",
        `${opts.name}: backing off until ${new Date(blockedUntil).toISOString()}`,
      );
    }
    if (!takeToken(now)) throw new SourceError("budget", `${opts.name}: request budget spent for now`);
    const timeout = AbortSignal.timeout(timeoutMs);
    let res: Response;
    sentCount += 1;
    try {
      res = await doFetch(`${base}${path}`, {
        headers: {
          accept: "application/json",
          "user-agent": opts.userAgent ?? productUserAgent(),
          ...opts.headers,
        },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (err) {
      signal?.throwIfAborted();
      const timedOut = timeout.aborted;
      return fail(
        clock(),
        new SourceError(
          timedOut ? "timeout" : "network",
          timedOut
            ? `${opts.name}: no answer within ${timeoutMs} ms`
            : `${opts.name}: ${(err as Error).cause ?? (err as Error).message}`,
        ),
      );
    }
    const text = await res.text().catch(() => "");
    const at = clock();
    if (res.status === 429) {
      return fail(
        at,
        new SourceError("rate_limited", `${opts.name}: 429 Too Many Requests`, 429),
        parseRetryAfter(res.headers.get("retry-after"), at),
      );
    }
    if (res.status === 401 || res.status === 403) {
      return fail(at, new SourceError("auth", `${opts.name}: ${res.status} (check the API key)`, res.status));
    }
    const looksHtml = /^\s*</.test(text) || /text\/html/i.test(res.headers.get("content-type") ?? "");
    if (!res.ok && !(opts.answerStatuses?.includes(res.status) && !looksHtml)) {
      return fail(
        at,
        new SourceError(looksHtml ? "html" : "http", `${opts.name}: HTTP ${res.status}`, res.status),
      );
    }
    if (looksHtml)
      return fail(at, new SourceError("html", `${opts.name}: answered an HTML page`, res.status));
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return fail(at, new SourceError("bad_response", `${opts.name}: answer is not JSON`, res.status));
    }
    const bodyError = opts.bodyError?.(body);
    if (bodyError) return fail(at, bodyError.error, bodyError.retryAfterMs);
    failures = 0;
    return body;
  }

  return {
    getJson(path, signal) {
      const run = queue.then(
        () => request(path, signal),
        () => request(path, signal),
      );
      queue = run.catch(() => undefined);
      return run;
    },
    backoffUntil: () => (blockedUntil > clock() ? blockedUntil : 0),
    sent: () => sentCount,
  };
}

/** A number the source must give: finite, or the field counts as missing (never 0). */
export const finite = (v: unknown): number | undefined =>
  typeof v === "number" && Number.isFinite(v) ? v : undefined;

/** Numbers some APIs send as strings ("25.40"); empty or unparsable is missing. */
export const numeric = (v: unknown): number | undefined => {
  if (typeof v === "number") return finite(v);
  if (typeof v !== "string" || v.trim() === "") return undefined;
  return finite(Number(v));
};
