import { useTranslation } from "react-i18next";
import { LISTING_EXCHANGES } from "#common/instruments";
import type { ScreenerField, ScreenerQuery } from "#common/screener";
import { Link } from "~/components/link";
import "~/locales/market";
import { ScreenerExtraFilters } from "./screener-extra-filters";
import "~/locales/screener";

const BOUNDED: ScreenerField[] = ["changePercent", "price", "valueTraded", "volume"];
const control =
  "rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-900";

/** The screen's filters, sent by GET so the whole screen stays in the address. */
export function ScreenerForm({
  q,
  sectors,
  csvHref,
}: {
  q: ScreenerQuery;
  sectors: string[];
  csvHref: string;
}) {
  const { t } = useTranslation("screener");
  const { t: tm } = useTranslation("market");
  return (
    <form
      method="get"
      className="mb-4 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
    >
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">{t("exchange")}</span>
        <select name="exchange" defaultValue={q.exchange ?? ""} className={control}>
          <option value="">{t("allExchanges")}</option>
          {LISTING_EXCHANGES.map((x) => (
            <option key={x} value={x}>
              {tm(`exchanges.${x}`, { defaultValue: x })}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">{t("sector")}</span>
        <select name="sector" defaultValue={q.sector ?? ""} className={`${control} max-w-[16rem]`}>
          <option value="">{t("allSectors")}</option>
          {sectors.map((s) => (
            <option key={s} value={s}>
              {tm(`sectors.${s}`, { defaultValue: s })}
            </option>
          ))}
        </select>
      </label>
      {BOUNDED.flatMap((field) =>
        (["min", "max"] as const).map((bound) => (
          <label key={`${field}${bound}`} className="flex flex-col gap-1 text-sm">
            <span className="font-medium">{t(bound, { field: t(`fields.${field}`) })}</span>
            <input
              name={`${field}${bound === "min" ? "Min" : "Max"}`}
              inputMode="decimal"
              defaultValue={q.ranges[field]?.[bound] ?? ""}
              className={`${control} w-28`}
            />
          </label>
        )),
      )}
      <ScreenerExtraFilters q={q} control={control} />
      <input type="hidden" name="sort" value={q.sort} />
      <input type="hidden" name="order" value={q.order} />
      <button
        type="submit"
        className="rounded-md bg-brand-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-brand-600"
      >
        {t("apply")}
      </button>
      <Link to="/screener" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
        {t("reset")}
      </Link>
      <a
        href={csvHref}
        download
        className="text-sm font-medium text-brand-700 hover:underline sm:ms-auto dark:text-brand-300"
      >
        {t("csv")}
      </a>
    </form>
  );
}
