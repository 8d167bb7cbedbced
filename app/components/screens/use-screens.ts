import { useCallback, useEffect, useState } from "react";
import type { SavedScreenView } from "#common/screens-schema";

export type ScreensCall = (
  method: "POST" | "PATCH" | "DELETE",
  path: string,
  body?: Record<string, unknown>,
) => Promise<{ ok: boolean; error?: string }>;

/** The reader's saved screens from GET /api/screens, and a call that reloads them after a change. */
export function useScreens(signedIn: boolean) {
  const [screens, setScreens] = useState<SavedScreenView[] | null>(null);
  const load = useCallback(async () => {
    const res = await fetch("/api/screens", { headers: { accept: "application/json" } });
    const body = (await res.json().catch(() => null)) as { screens?: SavedScreenView[] } | null;
    setScreens(body?.screens ?? []);
  }, []);
  useEffect(() => {
    if (signedIn) void load();
  }, [signedIn, load]);
  const call: ScreensCall = useCallback(
    async (method, path, body) => {
      try {
        const res = await fetch(path, {
          method,
          headers: { accept: "application/json", ...(body ? { "content-type": "application/json" } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
        const answer = (await res.json().catch(() => ({ ok: false }))) as { ok: boolean; error?: string };
        if (answer.ok) await load();
        return answer;
      } catch {
        return { ok: false };
      }
    },
    [load],
  );
  return { screens, call };
}
