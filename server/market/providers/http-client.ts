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

type Verdict = { ok: true; body: unknown } | { ok: false; error: SourceError; retryAfterMs?: number | null };

/**
 * What an answer means: its JSON body, or the error it is (a rate limit with its Retry-After, a
 * refused key, an HTTP error, an HTML page, not JSON, or an error the source put in the body).
 */
function judge(opts: HttpClientOptions, res: Response, text: string, at: number): Verdict {
  const refuse = (kind: SourceErrorKind, message: string, retryAfterMs?: number | null): Verdict => ({
    ok: false,
    error: new SourceError(kind, `${opts.name}: ${message}`, res.status),
    retryAfterMs,
  });
  if (res.status === 429)
    return refuse(
      "rate_limited",
      "429 Too Many Requests",
      parseRetryAfter(res.headers.get("retry-after"), at),
    );
  if (res.status === 401 || res.status === 403) return refuse("auth", `${res.status} (check the API key)`);
  const looksHtml = /^\s*</.test(text) || /text\/html/i.test(res.headers.get("content-type") ?? "");
  if (!res.ok && !(opts.answerStatuses?.includes(res.status) && !looksHtml))
    return refuse(looksHtml ? "html" : "http", `HTTP ${res.status}`);
  if (looksHtml) return refuse("html", "answered an HTML page");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return refuse("bad_response", "answer is not JSON");
  }
  const bodyError = opts.bodyError?.(body);
  if (bodyError) return { ok: false, error: bodyError.error, retryAfterMs: bodyError.retryAfterMs };
  return { ok: true, body };
}

/** A token bucket refilled to `perMinute` requests a minute; its capacity is a fifth of that, at least one. */
function tokenBucket(perMinute: number, clock: () => number) {
  const capacity = Math.max(1, Math.floor(perMinute / 5));
  let tokens = capacity;
  let refilledAt = clock();
  return function take(now: number) {
    tokens = Math.min(capacity, tokens + ((now - refilledAt) / 60_000) * perMinute);
    refilledAt = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

export function createHttpClient(opts: HttpClientOptions): HttpClient {
  const base = opts.baseUrl.replace(/\/+$/, "");
  const clock = opts.clock ?? Date.now;
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 4_000;
  const takeToken = tokenBucket(opts.perMinute, clock);
  let blockedUntil = 0;
  let failures = 0;
  let sentCount = 0;
  // One request at a time: each waits for the one before it.
  let queue: Promise<unknown> = Promise.resolve();

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
    const verdict = judge(opts, res, text, at);
    if (!verdict.ok) return fail(at, verdict.error, verdict.retryAfterMs);
    failures = 0;
    return verdict.body;
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
