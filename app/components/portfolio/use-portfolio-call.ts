import { useCallback, useState } from "react";
import { useRevalidator } from "react-router";
import { useLang } from "~/lib/locale";
import { useServerText } from "~/lib/server-text";
import { toast } from "~/lib/toast";
import { type ApiResult, portfolioApi } from "./api";

/**
 * A change to the reader's portfolios: sent to the API, then the page's data reloads (its loader
 * reads the portfolio again). A refusal without a field is shown as a toast; one naming a field
 * is returned for the form to show beside that field.
 */
export function usePortfolioCall() {
  const lang = useLang();
  const st = useServerText();
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState(false);
  const call = useCallback(
    async <T>(path: string, method: string, body?: unknown): Promise<ApiResult<T>> => {
      setBusy(true);
      const result = await portfolioApi<T>(path, lang, { method, body });
      setBusy(false);
      if (result.ok) {
        await revalidate();
        return result;
      }
      // The server's refusals are in English; the page shows them in its own language.
      const error = st(result.error || "network");
      if (!result.field) toast.error(error);
      return { ...result, error };
    },
    [lang, st, revalidate],
  );
  return { call, busy };
}
