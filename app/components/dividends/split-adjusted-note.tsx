import { useTranslation } from "react-i18next";
import "~/locales/dividends";

/** Said under a chart whose earlier bars were adjusted for a split or bonus issue. */
export function SplitAdjustedNote() {
  const { t } = useTranslation("dividends");
  return (
    <p className="text-xs font-medium text-slate-600" data-testid="split-adjusted">
      {t("chart.adjusted")}
    </p>
  );
}
