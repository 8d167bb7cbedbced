import type { TFunction } from "i18next";
import { toneLeaders } from "#common/sentiment-tone";
import type { SentimentView } from "./view";

/**
 * The summary in the page's language, from the counts and the sectors (the API's English
 * `summary` is worded the same way by server/news/analysis/overall.ts).
 */
export function toneSummary(t: TFunction, s: SentimentView): string {
  const { total, positive, negative, neutral } = s.counts;
  if (total === 0) return t("sentiment.summary.empty");
  const names = (list: string[]) => {
    const [first, second] = list.map((name) => t(`sectorNames.${name}`, { defaultValue: name }));
    return second ? t("sentiment.summary.pair", { first, second }) : (first ?? "");
  };
  const { strongest, underPressure } = toneLeaders(s.sectors);
  const parts = [
    t("sentiment.summary.counts", {
      // Plain numbers: the page's i18n instance writes them in the digits setting.
      count: total,
      positive,
      negative,
      neutral,
      tone: t(`summaries.sentiment.${s.overall}`),
    }),
  ];
  if (strongest.length) parts.push(t("sentiment.summary.strongest", { sectors: names(strongest) }));
  if (underPressure.length)
    parts.push(t("sentiment.summary.underPressure", { sectors: names(underPressure) }));
  return parts.join(" ");
}
