/**
 * Typed error codes ("rate_limited:chat", "not_found:alert") mapped to HTTP status in one place.
 * `message` is the user-facing text (as quoted in docs/product/ where it is fixed).
 */
export type ErrorKind =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "rate_limited"
  | "conflict"
  | "unavailable";

const STATUS: Record<ErrorKind, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
};

export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly code: string;
  readonly status: number;
  readonly fields?: Record<string, string>;
  constructor(code: `${ErrorKind}:${string}`, message: string, fields?: Record<string, string>) {
    super(message);
    this.code = code;
    this.kind = code.split(":")[0] as ErrorKind;
    this.status = STATUS[this.kind];
    this.fields = fields;
  }
}

/**
 * Checks the shape, not `instanceof`: the route bundle carries its own copy of this module while the
 * services throw the server's copy, so the classes differ in production.
 */
export function isAppError(e: unknown): e is AppError {
  if (e instanceof AppError) return true;
  if (!(e instanceof Error)) return false;
  const x = e as Partial<AppError>;
  return (
    typeof x.code === "string" &&
    x.code.includes(":") &&
    typeof x.status === "number" &&
    typeof x.kind === "string"
  );
}

/**
 * The message of an unexpected error, for the places that show "the server's message",
 * or the fallback when it comes from the database or driver: those name tables, queries and
 * parameters (ASVS V7.4.1 — no internals in error messages).
 */
export function displayableMessage(err: unknown, fallback: string): string {
  if (!(err instanceof Error) || !err.message) return fallback;
  const sqlState = (e: unknown) =>
    typeof (e as { code?: unknown })?.code === "string" && /^[0-9A-Z]{5}$/.test((e as { code: string }).code);
  const internal =
    err.message.startsWith("Failed query") ||
    sqlState(err) ||
    sqlState(err.cause) ||
    /\n|\bat .+:\d+:\d+/.test(err.message) ||
    err.message.length > 300;
  return internal ? fallback : err.message;
}
