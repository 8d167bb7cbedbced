import type { z } from "zod";
import { isAppError } from "./errors";

/** Field name -> its first message (or i18n key); "form" for rules about the whole form. */
export type FieldErrors = Record<string, string>;

/** What an action that is not a stream answers: ok with its data, or an error with field errors. */
export type ActionFailure = { ok: false; error: string; fields?: FieldErrors };
export type ActionResult<T extends object = object> = ({ ok: true } & T) | ActionFailure;

/** The first issue per field of a failed schema parse. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) out[String(issue.path[0] ?? "form")] ??= issue.message;
  return out;
}

/** The failure for a failed schema parse; `error` is the whole-form message or the first field's. */
export function invalid(error: z.ZodError, fallback = "Please check the form."): ActionFailure {
  const fields = fieldErrors(error);
  return { ok: false, error: fields.form ?? Object.values(fields)[0] ?? fallback, fields };
}

/**
 * The one mapping from a thrown error to an answer: an AppError keeps its status, code, text and
 * fields; anything else is reported through `unexpected` (to be logged) and becomes a 500 with
 * the fallback text (and `unexpectedCode`), never the error's own message.
 */
export function failureOf(
  err: unknown,
  fallback: string,
  unexpected: (err: unknown) => void,
  unexpectedCode = "unavailable:server",
): { status: number; code: string; body: ActionFailure } {
  if (isAppError(err)) {
    const body: ActionFailure = { ok: false, error: err.message };
    if (err.fields) body.fields = err.fields;
    return { status: err.status, code: err.code, body };
  }
  unexpected(err);
  return { status: 500, code: unexpectedCode, body: { ok: false, error: fallback } };
}
