import type { ActionResult } from "#common/action-result";

/**
 * The browser's calls to the webhook endpoints (JSON both ways). A network failure or an answer
 * that is not JSON becomes `{ ok: false, error: "network" }`, which the UI shows as its own text.
 */
export async function webhookApi<T extends object>(
  method: "GET" | "POST" | "PATCH" | "DELETE",
  path: string,
  body?: unknown,
): Promise<ActionResult<T>> {
  try {
    const res = await fetch(path, {
      method,
      headers: { accept: "application/json", ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return (await res.json()) as ActionResult<T>;
  } catch {
    return { ok: false, error: "network" };
  }
}
