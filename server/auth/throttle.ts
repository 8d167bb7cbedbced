import type { Config } from "../config";
import type { Db } from "../db/client";
import { CLIENT_IP_HEADER } from "../http/client-address";
import type { Logger } from "../logger";
import { createRateLimiter } from "../rate-limit/limiter";
import { forgetFailures, lockedFor, recordFailure } from "./account-lock";
import { weakPasswordReason } from "./password-policy";

export { lockSeconds } from "./account-lock";

/**
 * Sign-in throttling as account-security guidance asks (OWASP ASVS 5.0 V6.3), in front of the
 * auth library's HTTP handler:
 *
 * - failed sign-ins are counted per account (by email, whether or not it exists); from the
 *   AUTH_LOCK_AFTER_FAILURES-th on, each failure locks the account for a growing time (1 min,
 *   2, 4 ... capped at AUTH_LOCK_MAX_MINUTES). While locked every attempt is refused without
 *   checking the password and without counting. A successful sign-in clears the count; a password
 *   reset lifts the lock. Every lock is an auth event (audit log and the server log);
 * - successful sign-ins are never counted, so many people behind one address (a carrier-grade NAT,
 *   an office) all get in. Failed ones are also counted per client address, with a ceiling high
 *   enough for such a network (AUTH_RATE_LIMIT_PER_MINUTE);
 * - sign-up, reset and verification mails are limited per email address here, and per client
 *   address by the auth library's own limiter (auth.ts).
 *
 * The credentials are read as JSON, the only body encoding the auth endpoints take
 * (./json-bodies.ts, applied before this): a body the throttle cannot read never reaches the library.
 */

const TOO_MANY_REQUESTS = "Too many requests. Please try again later.";
export const ACCOUNT_LOCKED =
  "Too many failed sign-in attempts for this account. Try again in {{minutes}} min, or reset your password.";
export const TOO_MANY_FOR_ADDRESS = "Too many requests for this email address. Please try again later.";

/** Mails (sign-up, reset, verification) per email address per hour. */
const MAILS_PER_ADDRESS_PER_HOUR = 3;

const MAIL_PATHS = new Set(["/sign-up/email", "/request-password-reset", "/send-verification-email"]);

type Handler = (request: Request) => Promise<Response>;

export interface ThrottleDeps {
  db: Db;
  config: Pick<Config, "AUTH_RATE_LIMIT_PER_MINUTE" | "AUTH_LOCK_AFTER_FAILURES" | "AUTH_LOCK_MAX_MINUTES">;
  log: Logger;
}

/** Short, well-formed text with one @ and no spaces or control characters (stored as a key). */
function looksLikeEmail(email: string): boolean {
  return email.length <= 254 && email.isWellFormed() && /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+$/u.test(email);
}

function refuse(message: string, retryAfterSeconds: number): Response {
  const seconds = String(Math.max(1, Math.ceil(retryAfterSeconds)));
  return Response.json(
    { message, code: "TOO_MANY_REQUESTS" },
    { status: 429, headers: { "Retry-After": seconds, "X-Retry-After": seconds } },
  );
}

interface Attempt {
  /** The auth path without /api/auth. */
  path: string;
  email: string;
  password: string;
  /** Set by the HTTP app from the socket (or the trusted proxies' header): not the caller's choice. */
  ip: string;
}

/**
 * The attempt a throttled request makes (a sign-in or a mail, by email), or null when there is
 * nothing to count: another path or method, or not an address the auth library would accept (it
 * answers 400 itself).
 */
async function attemptOf(request: Request): Promise<Attempt | null> {
  const path = new URL(request.url).pathname.replace(/^\/api\/auth/, "");
  if (request.method !== "POST" || (path !== "/sign-in/email" && !MAIL_PATHS.has(path))) return null;
  const body = (await request
    .clone()
    .json()
    .catch(() => null)) as { email?: unknown; password?: unknown } | null;
  const email = typeof body?.email === "string" ? body.email.trim().toLowerCase() : "";
  if (!looksLikeEmail(email)) return null;
  const password = typeof body?.password === "string" ? body.password : "";
  return { path, email, password, ip: request.headers.get(CLIENT_IP_HEADER) ?? "unknown" };
}

export function createSignInThrottle({ db, config, log }: ThrottleDeps) {
  const failedPerIp = createRateLimiter(db, {
    name: "auth-fail-ip",
    limit: config.AUTH_RATE_LIMIT_PER_MINUTE,
    windowMs: 60_000,
  });
  const mailsPerAddress = createRateLimiter(db, {
    name: "auth-mail-address",
    limit: MAILS_PER_ADDRESS_PER_HOUR,
    windowMs: 60 * 60_000,
  });

  async function mail(handler: Handler, request: Request, { path, email, password }: Attempt) {
    // A sign-up the library refuses for its weak password sends no mail: not counted, so
    // trying a few passwords never uses up the address's sign-ups for the hour.
    if (path === "/sign-up/email" && weakPasswordReason(password, email)) return handler(request);
    if (!(await mailsPerAddress.hit(`${path}:${email}`))) {
      return refuse(TOO_MANY_FOR_ADDRESS, await mailsPerAddress.retryAfterSeconds(`${path}:${email}`));
    }
    return handler(request);
  }

  async function signIn(handler: Handler, request: Request, { email, ip }: Attempt) {
    const ipWait = await failedPerIp.retryAfterSeconds(ip);
    if (ipWait > 0) return refuse(TOO_MANY_REQUESTS, ipWait);
    const locked = await lockedFor(db, email);
    if (locked > 0) {
      return refuse(ACCOUNT_LOCKED.replace("{{minutes}}", String(Math.ceil(locked / 60))), locked);
    }
    const res = await handler(request);
    if (res.status === 401) {
      await failedPerIp.hit(ip);
      await recordFailure({ db, config, log }, email, ip);
    } else if (res.ok) {
      await forgetFailures(db, email);
    }
    return res;
  }

  return {
    /** Wraps the auth library's HTTP handler. */
    wrap(handler: Handler): Handler {
      return async (request) => {
        const attempt = await attemptOf(request);
        if (!attempt) return handler(request);
        return MAIL_PATHS.has(attempt.path)
          ? mail(handler, request, attempt)
          : signIn(handler, request, attempt);
      };
    },
    /** A password reset lifts the account's lock and forgets its failures. */
    async clear(email: string) {
      await forgetFailures(db, email.trim().toLowerCase());
    },
  };
}
