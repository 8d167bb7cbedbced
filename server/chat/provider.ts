import { createOpenAI } from "@ai-sdk/openai";
import type { LanguageModel } from "ai";
import type { Config } from "../config";

const RETRYABLE = new Set([408, 409, 429, 500, 502, 503, 504]);
const MAX_BACKOFF_MS = 8_000;

function retryDelayMs(res: Response, attempt: number): number {
  const ms = Number(res.headers.get("retry-after-ms"));
  if (Number.isFinite(ms) && ms >= 0 && res.headers.has("retry-after-ms"))
    return Math.min(ms, MAX_BACKOFF_MS);
  const seconds = Number(res.headers.get("retry-after"));
  if (Number.isFinite(seconds) && res.headers.has("retry-after"))
    return Math.min(seconds * 1000, MAX_BACKOFF_MS);
  return Math.min(500 * 2 ** attempt, MAX_BACKOFF_MS);
}

async function isQuotaError(res: Response): Promise<boolean> {
  try {
    return (await res.clone().text()).includes("insufficient_quota");
  } catch {
    return false;
  }
}

function sleep(ms: number, signal?: AbortSignal | null) {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * Retries rate limits and server errors here instead of in the AI SDK, whose retry treats a 429
 * `insufficient_quota` like a rate limit: a quota error is final and is never sent again.
 */
function createRetryingFetch(maxRetries: number, baseFetch: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    for (let attempt = 0; ; attempt++) {
      const res = await baseFetch(input, init);
      if (attempt >= maxRetries || !RETRYABLE.has(res.status)) return res;
      if (res.status === 429 && (await isQuotaError(res))) return res;
      await res.body?.cancel().catch(() => {});
      await sleep(retryDelayMs(res, attempt), init?.signal);
    }
  };
}

/** Any OpenAI-compatible chat completions API (OpenAI, Azure, OpenRouter, Ollama, vLLM, llama.cpp). */
export function createChatModel(config: Config): LanguageModel | null {
  if (!config.AI_BASE_URL && !config.AI_API_KEY) return null;
  const provider = createOpenAI({
    baseURL: config.AI_BASE_URL ?? "https://api.openai.com/v1",
    // Local servers need no key; a missing key on a hosted API surfaces as its 401.
    apiKey: config.AI_API_KEY ?? "not-set",
    fetch: createRetryingFetch(config.AI_MAX_RETRIES),
  });
  return provider.chat(config.AI_MODEL);
}
