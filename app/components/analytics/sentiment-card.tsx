import { Gauge } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/lib/use-format";
import { StepError, toneOf } from "./badges";
import { toneSummary } from "./tone-summary";
import type { SentimentView } from "./view";
import "~/locales/analytics";

const OVERALL_CLASS = { up: "text-emerald-600", down: "text-red-600", flat: "text-slate-500" };
const SECTOR_CLASS = {
  up: "border-emerald-200 bg-emerald-50 text-emerald-800",
  down: "border-red-200 bg-red-50 text-red-800",
  flat: "border-slate-200 bg-slate-50 text-slate-700",
};

/** The sentiment card: overall sentiment in upper case and colour, rounded confidence, sectors count, summary. */
export function SentimentCard({ sentiment }: { sentiment: SentimentView | null }) {
  const { t } = useTranslation("analytics");
  const f = useFormat();
  return (
    <section
      aria-labelledby="sentiment-title"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="sentiment-title" className="flex items-center gap-2 text-lg font-semibold">
        <Gauge className="size-5 text-brand-600" aria-hidden />
        {t("sentiment.title")}
      </h2>
      {sentiment ? (
        <>
          <dl className="mt-4 grid gap-4 sm:grid-cols-3">
            <div>
              <dt className="text-sm text-slate-500">{t("sentiment.overall")}</dt>
              <dd
                data-testid="overall-sentiment"
                data-tone={toneOf(sentiment.overall)}
                className={`text-3xl font-bold tracking-wide ${OVERALL_CLASS[toneOf(sentiment.overall)]}`}
              >
                {t(`sentiment.${sentiment.overall}`)}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-500">{t("sentiment.confidence")}</dt>
              <dd data-testid="overall-confidence" className="text-3xl font-bold text-slate-900">
                {f.percent(sentiment.confidencePercent)}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-500">{t("sentiment.sectors")}</dt>
              <dd data-testid="sectors-count" className="text-3xl font-bold text-slate-900">
                {f.integer(sentiment.sectors.length)}
              </dd>
            </div>
          </dl>
          <p data-testid="sentiment-summary" className="mt-4 text-slate-700">
            {toneSummary(t, sentiment)}
          </p>
          {sentiment.sectors.length > 0 ? (
            <ul className="mt-3 flex flex-wrap gap-2" aria-label={t("sentiment.sectors")}>
              {sentiment.sectors.map((s) => (
                <li
                  key={s.name}
                  className={`rounded-full border px-3 py-1 text-xs font-medium ${SECTOR_CLASS[toneOf(s.sentiment)]}`}
                >
                  {t(`sectorNames.${s.name}`, { defaultValue: s.name })} ·{" "}
                  {t(`summaries.sentiment.${s.sentiment}`)} (<bdi dir="ltr">{f.change(s.score, 2)}</bdi>)
                </li>
              ))}
            </ul>
          ) : null}
          {sentiment.analysedAt ? (
            <p data-testid="analysed-at" className="mt-3 text-xs text-slate-500">
              {t("sentiment.analysedAt", { time: sentiment.analysedAt })}
            </p>
          ) : null}
        </>
      ) : (
        <div className="mt-4">
          <StepError message={t("errors.sentiment")} />
        </div>
      )}
    </section>
  );
}
