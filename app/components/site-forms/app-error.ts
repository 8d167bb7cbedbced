import type { AppError } from "../../../common/errors";

/**
 * `isAppError` (instanceof) fails in the production build: the routes are bundled with their own
 * copy of common/errors.ts while the services throw the server's copy. This checks the shape.
 */
export function appErrorOf(err: unknown): Pick<AppError, "code" | "status" | "message" | "fields"> | null {
  if (!(err instanceof Error)) return null;
  const e = err as Partial<AppError>;
  return typeof e.code === "string" && e.code.includes(":") && typeof e.status === "number"
    ? { code: e.code, status: e.status, message: err.message, fields: e.fields }
    : null;
}
