import { useTranslation } from "react-i18next";
import type { Mover } from "#common/market-overview";
import { Link } from "~/components/link";
import { instrumentSlug } from "~/components/market/format";
import { useFormat } from "~/lib/use-format";
import "~/locales/overview";

export type MoverList = "gainers" | "losers" | "activeByValue" | "activeByVolume";

const changeClass = (v: number | null) =>
  v === null
    ? ""
    : v > 0
      ? "text-emerald-700 dark:text-emerald-400"
      : v < 0
        ? "text-red-700 dark:text-red-400"
        : "";

/** One top-5 list: each company linked to its page, with its price and the list's figure. */
export function MoverTable({ list, movers }: { list: MoverList; movers: Mover[] }) {
  const { t, i18n } = useTranslation("overview");
  const f = useFormat();
  const ar = i18n.language === "ar";
  const figure = (m: Mover) => {
    if (list === "activeByValue") return m.valueTraded === null ? "—" : f.compact(m.valueTraded);
    if (list === "activeByVolume") return m.volume === null ? "—" : f.compact(m.volume);
    return m.changePercent === null ? "—" : f.changePercent(m.changePercent);
  };
  const head = list === "activeByValue" ? "value" : list === "activeByVolume" ? "volume" : "change";
  return (
    <section
      className="rounded-lg border border-slate-200 p-3 dark:border-slate-700"
      data-testid={`movers-${list}`}
    >
      <h3 className="mb-2 font-semibold">{t(`movers.${list}`)}</h3>
      {movers.length === 0 ? (
        <p className="text-sm text-slate-500">{t("movers.none")}</p>
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-start text-xs text-slate-500">
              <th className="text-start font-medium">{t("columns.company")}</th>
              <th className="text-end font-medium">{t("columns.price")}</th>
              <th className="text-end font-medium">{t(`columns.${head}`)}</th>
            </tr>
          </thead>
          <tbody>
            {movers.map((m) => (
              <tr key={m.symbol} className="border-t border-slate-100 dark:border-slate-800">
                <td className="py-1">
                  <Link
                    to={`/markets/${instrumentSlug(m.symbol)}`}
                    className="font-medium text-sky-800 hover:underline dark:text-sky-300"
                  >
                    {ar ? m.nameAr : m.name}
                  </Link>
                  <span className="mx-1 text-xs text-slate-500" dir="ltr">
                    {m.symbol}
                  </span>
                </td>
                <td className="py-1 ps-2 text-end tabular-nums">{f.fixed(m.price, 2)}</td>
                <td
                  className={`py-1 ps-2 text-end tabular-nums whitespace-nowrap ${head === "change" ? changeClass(m.changePercent) : ""}`}
                >
                  {figure(m)}
                  {head !== "change" && m.volumeSimulated ? (
                    <span className="ms-1 text-xs text-amber-700 dark:text-amber-400" title={t("simulated")}>
                      *
                    </span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export { changeClass };
