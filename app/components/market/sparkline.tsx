import { createContext, useContext } from "react";

/**
 * The session's sparkline: a tiny line the server already drew (SVG polyline points from the
 * stored minute bars). Decorative, so hidden from screen readers: the change it shows is stated
 * in text beside it. Time runs left to right in both languages, like every chart on the site.
 */
export function Sparkline({ points, className = "" }: { points: string | undefined; className?: string }) {
  if (!points) return null;
  return (
    <svg
      viewBox="0 0 60 18"
      width="60"
      height="18"
      aria-hidden="true"
      focusable="false"
      data-testid="sparkline"
      className={`inline-block shrink-0 overflow-visible align-middle text-sky-700 dark:text-sky-300 ${className}`}
    >
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.25" strokeLinejoin="round" />
    </svg>
  );
}

/** The page's sparklines by symbol, given once by its loader so rows deep in a table can read theirs. */
const Sparks = createContext<Record<string, string>>({});
export const SparklinesProvider = Sparks.Provider;
export const useSparkline = (symbol: string) => useContext(Sparks)[symbol];
