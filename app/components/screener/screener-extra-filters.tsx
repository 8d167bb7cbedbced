import { useTranslation } from "react-i18next";
import { SCREENER_SHARIAH, type ScreenerQuery } from "#common/screener";
import "~/locales/screener-filters";

/** The Shariah status and dividend-yield filters of the screener's form (GET fields of the same names). */
export function ScreenerExtraFilters({ q, control }: { q: ScreenerQuery; control: string }) {
  const { t } = useTranslation("screener-filters");
  return (
    <>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">{t("shariah")}</span>
        <select name="shariah" defaultValue={q.shariah ?? ""} className={control}>
          <option value="">{t("anyShariah")}</option>
          {SCREENER_SHARIAH.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </select>
      </label>
      {(["min", "max"] as const).map((bound) => (
        <label key={bound} className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t(bound === "min" ? "yieldMin" : "yieldMax")}</span>
          <input
            name={bound === "min" ? "yieldMin" : "yieldMax"}
            inputMode="decimal"
            defaultValue={q.yield?.[bound] ?? ""}
            className={`${control} w-28`}
          />
        </label>
      ))}
    </>
  );
}
