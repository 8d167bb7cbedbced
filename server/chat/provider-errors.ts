import { APICallError } from "ai";
import type { ChatErrorKind } from "#common/chat";

export interface ClassifiedError {
  kind: ChatErrorKind;
  /** Shown in the banner for kind "other"; null means the generic text. */
  message: string | null;
}

export const TIMEOUT_MESSAGE = "The AI service did not respond in time. Please try again.";
const UNREACHABLE_MESSAGE = "Could not reach the AI service.";

function providerCode(err: APICallError): string | undefined {
  const data = err.data as { error?: { code?: unknown; type?: unknown } } | undefined;
  const code = data?.error?.code ?? data?.error?.type;
  if (typeof code === "string") return code;
  // Some servers send the error without a JSON schema the SDK recognises.
  return err.responseBody?.includes("insufficient_quota") ? "insufficient_quota" : undefined;
}

/** Unwraps an AI SDK retry error to the provider's last answer. */
function rootCause(err: unknown): unknown {
  const e = err as { lastError?: unknown; cause?: unknown } | null;
  if (e && typeof e === "object" && "lastError" in e && e.lastError) return rootCause(e.lastError);
  return err;
}

/** Which banner and toast a provider failure gets (docs/product/chat.md). */
export function classifyProviderError(err: unknown, opts: { timedOut?: boolean } = {}): ClassifiedError {
  if (opts.timedOut) return { kind: "other", message: TIMEOUT_MESSAGE };
  const cause = rootCause(err);
  if (APICallError.isInstance(cause)) {
    if (providerCode(cause) === "insufficient_quota") return { kind: "quota", message: null };
    if (cause.statusCode === 429) return { kind: "rate_limit", message: null };
    if (cause.statusCode === 401) return { kind: "auth", message: null };
    if (cause.statusCode === undefined) return { kind: "other", message: UNREACHABLE_MESSAGE };
    const data = cause.data as { error?: { message?: unknown } } | undefined;
    const message = typeof data?.error?.message === "string" ? data.error.message : null;
    return { kind: "other", message };
  }
  const name = (cause as { name?: string } | null)?.name;
  if (name === "AI_LoadAPIKeyError") return { kind: "auth", message: null };
  return { kind: "other", message: null };
}
