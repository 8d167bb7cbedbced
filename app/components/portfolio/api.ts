import type { Lang } from "~/lib/locale";

export type ApiResult<T> =
  | { ok: true; data: T }
  | { ok: false; error: string; field?: string; status: number };

/**
 * One call to the portfolio API (/api/portfolios…): JSON in and out, the refusal's text in the
 * page's language (`lang`); a network failure is an answer too, so callers handle one shape.
 */
export async function portfolioApi<T>(
  path: string,
  lang: Lang,
  init: { method?: string; body?: unknown } = {},
): Promise<ApiResult<T>> {
  const url = `/api/portfolios${path}${path.includes("?") ? "&" : "?"}lang=${lang}`;
  try {
    const res = await fetch(url, {
      method: init.method ?? "GET",
      headers: { accept: "application/json", ...(init.body ? { "content-type": "application/json" } : {}) },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    });
    if (res.status === 204) return { ok: true, data: undefined as T };
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (res.ok) return { ok: true, data: body as T };
    return {
      ok: false,
      error: typeof body.error === "string" ? body.error : "",
      ...(typeof body.field === "string" ? { field: body.field } : {}),
      status: res.status,
    };
  } catch {
    return { ok: false, error: "", status: 0 };
  }
}
