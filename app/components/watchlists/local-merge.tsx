import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { useLang } from "~/lib/locale";
import { useRootData } from "~/lib/root-data";
import { toast } from "~/lib/toast";
import { localWatchlist } from "./local-watchlist";
import { postWatchlists } from "./watchlist-api";

/**
 * Moves the local (anonymous) watchlist into the account once someone is signed in: into their
 * first list (made when they have none), duplicates skipped, the list's limit kept; the local
 * copy is cleared when the server has it. Renders nothing.
 */
export function LocalWatchlistMerge() {
  const signedIn = Boolean(useRootData()?.user);
  const lang = useLang();
  const { t } = useTranslation("watchlists");
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const symbols = signedIn ? localWatchlist.symbols() : [];
    if (!symbols.length) return;
    let cancelled = false;
    void postWatchlists({ intent: "merge", lang, symbols }).then((result) => {
      // Kept for the next page when the server could not be reached; cleared once it answered
      // (a refusal means nothing on it is known any more).
      if (cancelled || (!result.ok && result.error === "network")) return;
      localWatchlist.clear();
      if (!result.ok) return;
      const added = Array.isArray(result.added) ? result.added.length : 0;
      // Every page has this component and few ever merge: the texts load when one does.
      if (added) void import("~/locales/watchlists").then(() => toast.success(t("merged", { count: added })));
      void revalidate();
    });
    return () => {
      cancelled = true;
    };
  }, [signedIn, lang, t, revalidate]);
  return null;
}
