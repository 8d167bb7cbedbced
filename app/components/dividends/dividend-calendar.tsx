import { useTranslation } from "react-i18next";
import { Link } from "~/components/link";
import { useLang } from "~/lib/locale";
import type { UpcomingRow } from "~/lib/server/dividends.server";
import { useServerText } from "~/lib/server-text";
import { useFormat } from "~/lib/use-format";
import { actionText, dayText } from "./action-text";
import { SourceText } from "./dividends-section";
import "~/locales/dividends";
import "~/locales/market";

export interface DividendCalendarData {
  rows: UpcomingRow[];
  filters: { exchange?: string; sector?: string; watchlist: boolean };
  error: string | null;
  needsSignIn: boolean;
  exchanges: string[];
  sectors: string[];
}

const selectClass = "rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm";

/** The dividend calendar: filters (a GET form, so a filtered view has its own URL), the ICS link and the rows. */
export function DividendCalendar({ data }: { data: DividendCalendarData }) {
  const { t } = useTranslation("dividends");
  const { t: tm } = useTranslation("market");
  const st = useServerText();
  const { filters } = data;
  const ics = new URLSearchParams();
  if (filters.exchange) ics.set("exchange", filters.exchange);
  if (filters.sector) ics.set("sector", filters.sector);
  return (
    <div className="space-y-4" data-testid="dividend-calendar">
      <form
        method="get"
        className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t("calendar.exchange")}</span>
          <select name="exchange" defaultValue={filters.exchange ?? ""} className={selectClass}>
            <option value="">{t("calendar.allExchanges")}</option>
            {data.exchanges.map((x) => (
              <option key={x} value={x}>
                {tm(`exchanges.${x}`, { defaultValue: x })}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t("calendar.sector")}</span>
          <select
            name="sector"
            defaultValue={filters.sector ?? ""}
            className={`${selectClass} max-w-[16rem]`}
          >
            <option value="">{t("calendar.allSectors")}</option>
            {data.sectors.map((s) => (
              <option key={s} value={s}>
                {tm(`sectors.${s}`, { defaultValue: s })}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="watchlist" value="1" defaultChecked={filters.watchlist} />
          {t("calendar.watchlist")}
        </label>
        <button
          type="submit"
          className="rounded-md bg-brand-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-brand-600"
        >
          {t("calendar.apply")}
        </button>
        <a
          href={`/dividends.ics${ics.size ? `?${ics}` : ""}`}
          className="text-sm font-medium text-brand-700 hover:underline sm:ms-auto"
          download
        >
          {t("calendar.ics")}
        </a>
      </form>
      {data.error ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
          {st(data.error)}
        </p>
      ) : null}
      {data.needsSignIn ? <p className="text-sm text-slate-600">{t("calendar.signInForWatchlist")}</p> : null}
      <CalendarRows rows={data.rows} />
    </div>
  );
}

function CalendarRows({ rows }: { rows: UpcomingRow[] }) {
  const { t } = useTranslation("dividends");
  const f = useFormat();
  const lang = useLang();
  if (rows.length === 0) return <p className="text-sm text-slate-500">{t("calendar.none")}</p>;
  return (
    <section
      aria-label={t("calendar.title")}
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <p className="border-b border-slate-100 px-4 py-2 text-sm text-slate-600">
        {t("calendar.count", { count: rows.length })}
      </p>
      <ul className="divide-y divide-slate-100">
        {rows.map((r) => (
          <li
            key={r.id}
            className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]"
            data-testid="dividend-calendar-row"
            data-exchange={r.exchange}
          >
            <div>
              <Link
                to={`/markets/${encodeURIComponent(r.symbol)}#dividends`}
                className="font-medium text-brand-700 hover:underline"
              >
                {(lang === "ar" ? r.nameAr : null) ?? r.name}
              </Link>{" "}
              <span className="text-slate-500" dir="ltr">
                {r.symbol}
              </span>
              <div className="text-slate-600">{actionText(r, t, f)}</div>
              <div className="text-xs text-slate-500">
                <SourceText action={r} />
              </div>
            </div>
            <div>
              <span className="block text-xs text-slate-500">{t("exDate")}</span>
              <time dateTime={r.exDate}>{dayText(f, r.exDate)}</time>
            </div>
            <div>
              <span className="block text-xs text-slate-500">{t("paymentDate")}</span>
              {r.paymentDate ? <time dateTime={r.paymentDate}>{dayText(f, r.paymentDate)}</time> : "—"}
            </div>
            <div>
              <span className="block text-xs text-slate-500" title={t("calendar.yieldHint")}>
                {t("calendar.yield")}
              </span>
              {r.yieldNow === null ? "—" : `${f.fixed(r.yieldNow * 100, 2)}%`}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
