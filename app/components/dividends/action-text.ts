import type { TFunction } from "i18next";
import type { CorporateActionView } from "#common/dividends";
import type { Format } from "~/lib/format";

/** What a distribution gives, in words: "0.35 SAR per share", "4-for-1 split", "0.1 bonus shares per share held". */
export function actionText(a: CorporateActionView, t: TFunction, f: Format): string {
  if (a.kind === "dividend" && a.amount !== null)
    return t("perShare", { amount: f.digitsIn(String(a.amount)), currency: a.currency ?? "" }).trim();
  if (a.kind === "split" && a.ratio !== null)
    return t("splitRatio", { ratio: f.digitsIn(String(round(a.ratio))) });
  if (a.kind === "bonus" && a.ratio !== null)
    return t("bonusRatio", { shares: f.digitsIn(String(round(a.ratio - 1))) });
  return t(`kind.${a.kind}`);
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;

/** A stored date ("2026-12-09") shown in the page's language. */
export const dayText = (f: Format, day: string | null) => (day ? f.date(`${day}T00:00:00Z`) : "—");
