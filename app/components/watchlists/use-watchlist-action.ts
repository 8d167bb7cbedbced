import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { ActionResult } from "#common/action-result";
import { useLang } from "~/lib/locale";
import { useServerText } from "~/lib/server-text";
import { toast } from "~/lib/toast";

type Result = ActionResult<Record<string, unknown>>;

/**
 * A change to the user's watchlists from the /watchlists page: posted to /api/watchlists through
 * a fetcher (the page's data reloads after it), a refusal shown as a toast in the page's language.
 */
export function useWatchlistAction(onDone?: (result: Result & { ok: true }) => void) {
  const fetcher = useFetcher<Result>();
  const lang = useLang();
  const st = useServerText();
  const handled = useRef<Result | undefined>(undefined);
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) done.current?.(result);
    else toast.error(st(result.error));
  }, [fetcher.state, fetcher.data, st]);

  function submit(fields: Record<string, string | string[]>) {
    const body = new URLSearchParams({ lang });
    for (const [key, value] of Object.entries(fields)) {
      for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
    }
    void fetcher.submit(body, { method: "post", action: "/api/watchlists" });
  }
  const error = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? st(fetcher.data.error) : "";
  return { submit, busy: fetcher.state !== "idle", error };
}
