import { Star } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRootData } from "~/lib/root-data";
import { useLocalWatchlist } from "./local-watchlist";
import "~/locales/watchlists";

// The menu's code loads on the first click: the star sits on the home page's every row.
const WatchMenu = lazy(() => import("./watch-menu"));

/**
 * The star beside an instrument: opens a small menu to put it on (or take it off) the user's
 * watchlists, or a visitor's local list. Filled when a visitor's local list holds it, or after the
 * menu showed it on one of the user's lists.
 */
export function WatchButton({
  symbol,
  withText = false,
  className = "",
}: {
  symbol: string;
  /** Shows "Add to watchlist" beside the star (an instrument's own page, on its dark band). */
  withText?: boolean;
  className?: string;
}) {
  const { t } = useTranslation("watchlists");
  const signedIn = Boolean(useRootData()?.user);
  const local = useLocalWatchlist();
  const [open, setOpen] = useState(false);
  const [onAList, setOnAList] = useState<boolean | null>(null);
  const wrapper = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const filled = signedIn ? onAList === true : local.includes(symbol);

  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!wrapper.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <span ref={wrapper} className={`relative inline-flex ${className}`}>
      <button
        ref={button}
        type="button"
        data-testid="watch-button"
        // With its text shown, the text is the name (a name that differs from it fails WCAG 2.5.3).
        aria-label={withText ? undefined : t("star.label", { symbol })}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        className={
          withText
            ? "inline-flex items-center gap-1.5 rounded-md bg-white/15 px-2.5 py-1 text-sm font-semibold text-white hover:bg-white/25"
            : "rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-gold-500 focus-visible:outline-2 focus-visible:outline-brand-500"
        }
      >
        <Star aria-hidden className={`size-4 ${filled ? "fill-gold-400 text-gold-500" : ""}`} />
        {withText ? t("star.add") : null}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <WatchMenu symbol={symbol} signedIn={signedIn} onMembership={setOnAList} />
        </Suspense>
      ) : null}
    </span>
  );
}
