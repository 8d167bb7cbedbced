import type { ActionResult } from "#common/action-result";

type Value = string | string[] | undefined;

/**
 * Sends one change to POST /api/watchlists (a form with `intent`) and returns the shared action
 * result; a network failure is an answer too, so callers handle one shape.
 */
export async function postWatchlists(
  fields: Record<string, Value>,
): Promise<ActionResult<Record<string, unknown>>> {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) body.append(key, v);
  }
  try {
    const res = await fetch("/api/watchlists", {
      method: "POST",
      body,
      headers: { accept: "application/json" },
    });
    return (await res.json()) as ActionResult<Record<string, unknown>>;
  } catch {
    return { ok: false, error: "network" };
  }
}

export interface MenuList {
  id: string;
  name: string;
  symbols: string[];
}

/** The signed-in user's lists for the add-to-watchlist menu; null when they could not be read. */
export async function fetchWatchlists(): Promise<MenuList[] | null> {
  try {
    const res = await fetch("/api/watchlists", { headers: { accept: "application/json" } });
    const body = (await res.json()) as { ok: boolean; lists?: MenuList[] };
    return body.ok && body.lists ? body.lists : null;
  } catch {
    return null;
  }
}
