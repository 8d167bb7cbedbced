import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { DeliveryLogEntry } from "#common/webhook-schema";
import { webhookApi } from "~/components/account/webhook-api";
import { useFormat } from "~/lib/use-format";
import "~/locales/webhooks";

const statusClass: Record<DeliveryLogEntry["status"], string> = {
  delivered: "bg-emerald-100 text-emerald-800",
  pending: "bg-amber-100 text-amber-800",
  sending: "bg-sky-100 text-sky-800",
  dead: "bg-red-100 text-red-800",
};

/**
 * An alert's push and webhook deliveries with every attempt (status code, time taken, error),
 * loaded when opened. Placed in the alert's row on the alerts page.
 */
export function DeliveryLog({ alertId }: { alertId: string }) {
  const { t } = useTranslation("webhooks");
  const f = useFormat();
  const [entries, setEntries] = useState<DeliveryLogEntry[] | null>(null);
  const [failed, setFailed] = useState(false);

  async function load() {
    const r = await webhookApi<{ deliveries: DeliveryLogEntry[] }>(
      "GET",
      `/api/alerts/${alertId}/deliveries`,
    );
    setFailed(!r.ok);
    if (r.ok) setEntries(r.deliveries);
  }

  return (
    <details
      className="w-full text-sm"
      data-testid="delivery-log"
      onToggle={(e) => {
        if (e.currentTarget.open) void load();
      }}
    >
      <summary className="cursor-pointer select-none font-medium text-brand-700">{t("log.title")}</summary>
      <div className="mt-2 space-y-3">
        {failed ? (
          <p role="alert" className="text-red-700">
            {t("log.failed")}
          </p>
        ) : null}
        {entries === null ? null : entries.length === 0 ? (
          <p className="text-slate-600">{t("log.empty")}</p>
        ) : (
          <ul className="space-y-3">
            {entries.map((d) => (
              <li key={d.id} className="rounded-md border border-slate-200 p-3" data-testid="delivery-entry">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-slate-900">{t(`log.channel.${d.channel}`)}</span>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusClass[d.status]}`}>
                    {t(`status.${d.status}`)}
                  </span>
                  <span dir="ltr" className="min-w-0 break-all font-mono text-xs text-slate-600">
                    {d.targetLabel ?? t("log.removedTarget")}
                  </span>
                </div>
                {d.nextAttemptAt ? (
                  <p className="mt-1 text-xs text-slate-500">
                    {t("log.nextAttempt", { date: f.mediumDateTime(d.nextAttemptAt) })}
                  </p>
                ) : null}
                <table className="mt-2 w-full text-start text-xs">
                  <caption className="sr-only">{t("log.attemptsCaption")}</caption>
                  <thead className="text-slate-500">
                    <tr>
                      <th scope="col" className="py-1 pe-3 text-start font-medium">
                        {t("log.when")}
                      </th>
                      <th scope="col" className="py-1 pe-3 text-start font-medium">
                        {t("log.code")}
                      </th>
                      <th scope="col" className="py-1 pe-3 text-start font-medium">
                        {t("log.latency")}
                      </th>
                      <th scope="col" className="py-1 text-start font-medium">
                        {t("log.error")}
                      </th>
                    </tr>
                  </thead>
                  <tbody className="text-slate-700">
                    {d.attempts.map((a) => (
                      <tr key={a.at} className="border-t border-slate-100" data-testid="delivery-attempt">
                        <td className="py-1 pe-3">{f.mediumDateTime(a.at)}</td>
                        <td className="py-1 pe-3">
                          {a.statusCode === null ? "—" : f.digitsIn(String(a.statusCode))}
                        </td>
                        <td className="py-1 pe-3">
                          {a.latencyMs === null ? "—" : t("log.ms", { ms: f.integer(a.latencyMs) })}
                        </td>
                        <td className="break-all py-1">
                          <span dir="ltr">{a.error ?? ""}</span>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </li>
            ))}
          </ul>
        )}
        <button
          type="button"
          className="text-xs font-medium text-brand-700 underline"
          onClick={() => void load()}
        >
          {t("log.refresh")}
        </button>
      </div>
    </details>
  );
}
