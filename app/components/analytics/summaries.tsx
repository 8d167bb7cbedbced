import { Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { textDir } from "#common/text-direction";
import { LanguageLabel } from "~/components/i18n/language-label";
import { useFormat } from "~/lib/use-format";
import { ImpactBadge, SentimentBadge, StepError } from "./badges";
import type { SummaryView } from "./view";
import "~/locales/analytics";

/** AI Summaries: title, sentiment and impact badges, summary, key points, confidence bar. */
export function Summaries({ summaries, engine }: { summaries: SummaryView[] | null; engine: string }) {
  const { t } = useTranslation("analytics");
  const f = useFormat();
  return (
    <section aria-labelledby="summaries-title">
      <h2 id="summaries-title" className="flex items-center gap-2 text-xl font-semibold">
        <Sparkles className="size-5 text-brand-600" aria-hidden />
        {t("summaries.heading")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {engine.startsWith("ai:") ? t("engine.ai", { model: engine.slice(3) }) : t("engine.offline")}
      </p>
      {!summaries ? (
        <div className="mt-4">
          <StepError message={t("errors.summaries")} />
        </div>
      ) : summaries.length === 0 ? (
        <p className="mt-4 text-slate-600">{t("summaries.empty")}</p>
      ) : (
        <ul className="mt-4 grid gap-4 lg:grid-cols-2">
          {summaries.map((s) => (
            <li
              key={s.itemId}
              data-testid="summary"
              lang={s.language}
              className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
            >
              <h3 dir={textDir(s.originalTitle)} className="font-semibold text-slate-900">
                {s.originalTitle}
                <LanguageLabel language={s.language} />
              </h3>
              <div className="mt-2 flex flex-wrap gap-2">
                <SentimentBadge sentiment={s.sentiment} />
                <ImpactBadge impact={s.marketImpact} />
                {s.engine === "offline-fallback" ? (
                  <span className="text-xs text-slate-500">{t("engine.fallback")}</span>
                ) : null}
              </div>
              <p dir={textDir(s.summary)} className="mt-3 text-sm text-slate-700" data-testid="summary-text">
                {s.summary}
              </p>
              <h4 className="mt-3 text-sm font-semibold text-slate-800">{t("summaries.keyPoints")}</h4>
              <ul
                dir={textDir(s.summary)}
                className="mt-1 list-disc space-y-1 ps-5 text-sm text-slate-700"
                data-testid="key-points"
              >
                {s.keyPoints.map((p, i) => (
                  <li key={i}>{p}</li>
                ))}
              </ul>
              <div className="mt-3">
                <div className="flex justify-between text-xs text-slate-600">
                  <span id={`conf-${s.itemId}`}>{t("summaries.confidence")}</span>
                  <span data-testid="summary-confidence">{f.percent(s.confidencePercent)}</span>
                </div>
                <div
                  role="progressbar"
                  aria-labelledby={`conf-${s.itemId}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={s.confidencePercent}
                  className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
                >
                  <div
                    className="h-full rounded-full bg-brand-600"
                    style={{ width: `${s.confidencePercent}%` }}
                  />
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
