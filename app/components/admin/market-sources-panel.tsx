import { useTranslation } from "react-i18next";
import type { MarketStatus } from "#server/market/types";
import { Badge, formatDateTime, Panel, TableScroll, tableClass, tdClass, thClass } from "./ui";
import "~/locales/admin";

/** Left-to-right isolate: times, counts and English error texts read the same on Arabic pages. */
const ltr = (text: string) => `\u2066${text}\u2069`;

/**
 * Where market prices come from: each real source's health, request budget use, last success and
 * last error, and how many quotes are live, delayed, end of day or simulated right now.
 */
export function MarketSourcesPanel({ status }: { status: MarketStatus | null }) {
  const { t } = useTranslation("admin");
  if (!status) return null;
  const sources = status.sources ?? [];
  const f = status.freshness;
  return (
    <Panel title={t("marketSources.title")}>
      <p className="text-sm text-slate-700" data-field="market-provider">
        {t("marketSources.provider", { provider: status.provider })}
        {f ? ` ${t("marketSources.freshness", { ...f })}` : ""}
      </p>
      {sources.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t("marketSources.none")}</p>
      ) : (
        <TableScroll>
          <table className={`${tableClass} mt-3`}>
            <thead>
              <tr>
                <th className={thClass}>{t("marketSources.source")}</th>
                <th className={thClass}>{t("marketSources.serves")}</th>
                <th className={thClass}>{t("marketSources.status")}</th>
                <th className={thClass}>{t("marketSources.budget")}</th>
                <th className={thClass}>{t("marketSources.lastSuccess")}</th>
                <th className={thClass}>{t("marketSources.lastError")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {sources.map((s) => (
                <tr key={s.name} data-source={s.name}>
                  <td className={`${tdClass} font-medium`}>{s.name}</td>
                  <td className={tdClass}>
                    {s.groups
                      .map((g) => t(`marketSources.groups.${g}`, { defaultValue: g }))
                      .join(t("marketSources.listSeparator")) || "—"}
                  </td>
                  <td className={tdClass}>
                    <Badge tone={s.ok ? "green" : s.lastSuccess ? "amber" : "slate"}>
                      {s.ok
                        ? t("marketSources.ok", { count: s.quoted })
                        : s.backoffUntil
                          ? t("marketSources.backingOff", { time: ltr(formatDateTime(s.backoffUntil)) })
                          : s.lastError
                            ? t("marketSources.failing")
                            : t("marketSources.waiting")}
                    </Badge>
                  </td>
                  <td className={`${tdClass} tabular-nums`} dir="ltr">
                    {t("marketSources.budgetUse", {
                      minute: s.budget.usedMinute,
                      perMinute: s.budget.perMinute,
                      day: s.budget.usedDay,
                      perDay: s.budget.perDay,
                    })}
                  </td>
                  <td className={tdClass}>{s.lastSuccess ? ltr(formatDateTime(s.lastSuccess)) : "—"}</td>
                  <td className={`${tdClass} max-w-xs break-words`} dir="ltr">
                    {s.lastError ? `${s.lastError} (${formatDateTime(s.lastErrorAt!)})` : "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </Panel>
  );
}
