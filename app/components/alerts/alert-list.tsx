import { Trash2 } from "lucide-react";
import { Switch } from "radix-ui";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import { useFormat } from "~/lib/use-format";
import type { AlertActionResult, AlertView } from "./types";

type Status = "active" | "triggered" | "inactive";

/** Status: inactive if switched off; otherwise triggered if it fired; otherwise active. */
const statusOf = (a: Pick<AlertView, "isActive" | "isTriggered">): Status =>
  !a.isActive ? "inactive" : a.isTriggered ? "triggered" : "active";

const badge: Record<Status, string> = {
  active: "bg-emerald-100 text-emerald-800",
  triggered: "bg-amber-100 text-amber-800",
  inactive: "bg-slate-200 text-slate-700",
};

/** Toasts a row action's outcome once (texts in docs/product/alerts.md). */
function useResultToast(fetcher: { data?: AlertActionResult }) {
  const { t } = useTranslation("alerts");
  const handled = useRef<AlertActionResult | undefined>(undefined);
  useEffect(() => {
    const r = fetcher.data;
    // Runs as soon as the action answers, before revalidation can unmount a deleted row.
    if (!r || handled.current === r) return;
    handled.current = r;
    if (!r.ok && r.error === "auth")
      toast.error(t("toast.authRequired"), { description: t("toast.authRequiredText") });
    else if (r.intent === "toggle")
      r.ok
        ? toast.success(t("toast.updated"), { description: t("toast.updatedText") })
        : toast.error(t("toast.error"), { description: t("toast.updateFailed") });
    else if (r.intent === "delete")
      r.ok
        ? toast.success(t("toast.deleted"), { description: t("toast.deletedText") })
        : toast.error(t("toast.error"), { description: t("toast.deleteFailed") });
  }, [fetcher.data, t]);
}

function AlertRow({ alert }: { alert: AlertView }) {
  const { t } = useTranslation("alerts");
  const fetcher = useFetcher<AlertActionResult>();
  const f = useFormat();
  useResultToast(fetcher);
  // Optimistic: the switch and badge follow the click; a failure snaps back on revalidation.
  const pending = fetcher.formData;
  if (pending?.get("intent") === "delete") return null;
  const isActive = pending?.get("intent") === "toggle" ? pending.get("active") === "true" : alert.isActive;
  const status = statusOf({ isActive, isTriggered: isActive && alert.isTriggered && !pending });
  const target = f.target(alert.targetValue);

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-4" data-testid="alert-row">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-lg font-semibold text-brand-900">{alert.symbol}</span>
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${badge[status]}`}>
            {t(`list.status.${status}`)}
          </span>
          {alert.notifyEmail ? (
            <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs text-sky-800">
              {t("list.email")}
            </span>
          ) : null}
        </div>
        <p className="mt-1 text-sm text-slate-700">{t(`list.condition.${alert.alertType}`, { target })}</p>
        <p className="mt-0.5 text-xs text-slate-500">
          {t("list.created", { date: f.mediumDate(alert.createdAt) })}
        </p>
      </div>
      <div className="flex items-center gap-3">
        <Switch.Root
          checked={isActive}
          onCheckedChange={(on) =>
            fetcher.submit({ intent: "toggle", id: alert.id, active: String(on) }, { method: "post" })
          }
          aria-label={t("list.toggle", { symbol: alert.symbol })}
          className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors data-[state=checked]:bg-brand-600"
        >
          <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px] rtl:-translate-x-0.5 rtl:data-[state=checked]:-translate-x-[22px]" />
        </Switch.Root>
        <button
          type="button"
          onClick={() => {
            if (window.confirm(t("list.confirmDelete"))) {
              fetcher.submit({ intent: "delete", id: alert.id }, { method: "post" });
            }
          }}
          aria-label={t("list.delete", { symbol: alert.symbol })}
          className="rounded p-2 text-slate-500 hover:bg-red-50 hover:text-red-600"
        >
          <Trash2 className="size-5" aria-hidden />
        </button>
      </div>
    </li>
  );
}

export function AlertList({ alerts }: { alerts: AlertView[] }) {
  const { t } = useTranslation("alerts");
  if (alerts.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
        <p className="text-lg font-semibold text-slate-800">{t("list.emptyTitle")}</p>
        <p className="mt-1 text-slate-500">{t("list.emptyText")}</p>
      </div>
    );
  }
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-5 shadow-sm">
      <ul className="divide-y divide-slate-100">
        {alerts.map((a) => (
          <AlertRow key={a.id} alert={a} />
        ))}
      </ul>
    </div>
  );
}
