import { AlertCircle, Loader2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import "~/locales/analytics";

const badge = "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold";

/** Spec: positive/bullish green, negative/bearish red, anything else neutral grey. */
export function toneOf(sentiment: string): "up" | "down" | "flat" {
  if (sentiment === "positive" || sentiment === "bullish") return "up";
  if (sentiment === "negative" || sentiment === "bearish") return "down";
  return "flat";
}

const TONE_CLASS = {
  up: "bg-emerald-100 text-emerald-800",
  down: "bg-red-100 text-red-800",
  flat: "bg-slate-200 text-slate-700",
};

export function SentimentBadge({ sentiment }: { sentiment: string }) {
  const { t } = useTranslation("analytics");
  const known = ["positive", "bullish", "negative", "bearish"].includes(sentiment) ? sentiment : "neutral";
  return (
    <span className={`${badge} ${TONE_CLASS[toneOf(known)]}`} data-testid="sentiment-badge">
      {t(`summaries.sentiment.${known}`)}
    </span>
  );
}

export function ImpactBadge({ impact }: { impact: "low" | "medium" | "high" }) {
  const { t } = useTranslation("analytics");
  const cls =
    impact === "high"
      ? "border-red-300 text-red-700"
      : impact === "medium"
        ? "border-amber-300 text-amber-800"
        : "border-slate-300 text-slate-600";
  return (
    <span className={`${badge} border ${cls}`}>
      {t("summaries.impact", { impact: t(`summaries.impactLevel.${impact}`) })}
    </span>
  );
}

/** Spec: high red, medium yellow, low green; a dot and a badge. */
const IMPORTANCE_CLASS = {
  high: { dot: "bg-red-500", badge: "bg-red-100 text-red-800" },
  medium: { dot: "bg-yellow-400", badge: "bg-yellow-100 text-yellow-800" },
  low: { dot: "bg-green-500", badge: "bg-green-100 text-green-800" },
};

export function ImportanceDot({ importance }: { importance: "high" | "medium" | "low" }) {
  return (
    <span
      aria-hidden
      data-importance={importance}
      className={`mt-1.5 inline-block size-3 shrink-0 rounded-full ${IMPORTANCE_CLASS[importance].dot}`}
    />
  );
}

export function ImportanceBadge({ importance }: { importance: "high" | "medium" | "low" }) {
  const { t } = useTranslation("analytics");
  return (
    <span className={`${badge} ${IMPORTANCE_CLASS[importance].badge}`}>
      {t(`calendar.importanceLevel.${importance}`)}
    </span>
  );
}

export function StepError({ message }: { message: string }) {
  return (
    <p
      role="alert"
      className="flex items-center gap-2 rounded-md border border-red-200 bg-red-50 p-4 text-red-800"
    >
      <AlertCircle className="size-5 shrink-0" aria-hidden />
      {message}
    </p>
  );
}

export function LoadingDashboard() {
  const { t } = useTranslation("analytics");
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 py-24 text-slate-600">
      <Loader2 className="size-10 animate-spin text-brand-600" aria-hidden />
      <p>{t("loading")}</p>
    </div>
  );
}
