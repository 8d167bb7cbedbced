import { Copy, History, Pencil, Trash2 } from "lucide-react";
import { Switch } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { QuoteSummary } from "#common/alert-holds";
import { Link } from "~/components/link";
import { instrumentName } from "~/components/market/format";
import { useLang } from "~/lib/locale";
import { useServerText } from "~/lib/server-text";
import { toast } from "~/lib/toast";
import { useFormat } from "~/lib/use-format";
import { AlertForm } from "./alert-form";
import { DeliveryLog } from "./delivery-log";
import type { AlertActionResult, AlertView, Suggestion } from "./types";
import { useQuotes } from "./use-quotes";
import "~/locales/alerts";

/** What a row's badge says; a paused alert reads "inactive", as the spec's switched-off alert. */
export type ShownStatus = "active" | "triggered" | "inactive" | "expired" | "error";
export const SHOWN_STATUSES: ShownStatus[] = ["active", "triggered", "inactive", "expired", "error"];

/** The badge of an alert: an active one past its expiry already shows expired (the job marks it). */
export function shownStatus(a: Pick<AlertView, "status" | "expiresAt">, now = Date.now()): ShownStatus {
  if (a.status === "paused") return "inactive";
  if (a.status === "active" && a.expiresAt && Date.parse(a.expiresAt) <= now) return "expired";
  return a.status;
}

const badge: Record<ShownStatus, string> = {
  active: "bg-emerald-100 text-emerald-800",
  triggered: "bg-amber-100 text-amber-800",
  inactive: "bg-slate-200 text-slate-700",
  expired: "bg-slate-100 text-slate-500 ring-1 ring-slate-300",
  error: "bg-red-100 text-red-800",
};

const chip = "rounded-full bg-sky-100 px-2 py-0.5 text-xs text-sky-800";
const iconButton = "rounded p-2 text-slate-500 hover:bg-slate-100 hover:text-brand-700";

/** Toasts a row action's outcome once (texts in docs/product/alerts.md). */
function useResultToast(fetcher: { data?: AlertActionResult }, symbol: string) {
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
    else if (r.intent === "duplicate")
      r.ok
        ? toast.success(t("toast.duplicated"), { description: t("toast.duplicatedText", { symbol }) })
        : toast.error(t("toast.duplicateFailed"), { description: r.error });
  }, [fetcher.data, t, symbol]);
}

/** The row's condition sentence, e.g. "Alert when price crosses above 4,100". */
export function useConditionText() {
  const { t } = useTranslation("alerts");
  const f = useFormat();
  return (a: Pick<AlertView, "alertType" | "targetValue" | "windowMinutes">) =>
    t(`list.condition.${a.alertType}`, {
      target: f.target(a.targetValue),
      window: a.windowMinutes ? t(`form.windows.${a.windowMinutes}`) : "",
    });
}

/** A cooldown in the largest whole unit: "5 minutes", "1 hour", "90 seconds". */
function useCooldownText() {
  const { t } = useTranslation("alerts");
  return (seconds: number) =>
    seconds % 3600 === 0
      ? t("list.cooldownHours", { count: seconds / 3600 })
      : seconds % 60 === 0
        ? t("list.cooldownMinutes", { count: seconds / 60 })
        : t("list.cooldownSeconds", { count: seconds });
}

const LEVELS = new Set(["above", "below", "crossing_up", "crossing_down"]);

/**
 * The current price and, for an alert on a price level, how far the target is: signed, absolute
 * and in percent of the current price ("Now 96.50 · +3.50 (+3.63%) to the target").
 */
function PriceNow({ alert, quote }: { alert: AlertView; quote: QuoteSummary | undefined }) {
  const { t } = useTranslation("alerts");
  const f = useFormat();
  if (!quote) return null;
  const price = f.price(quote.price, quote.decimals);
  const distance = alert.targetValue - quote.price;
  return (
    <p className="mt-0.5 text-sm text-slate-600" data-field="price-now">
      {LEVELS.has(alert.alertType) ? (
        <>
          {t("list.priceNow", { price })}
          {" · "}
          <span dir="ltr" className="tabular-nums">
            {f.change(distance, quote.decimals)} ({f.changePercent((distance / quote.price) * 100)})
          </span>{" "}
          {t("list.toTarget")}
        </>
      ) : (
        t("list.priceNow", { price })
      )}
    </p>
  );
}

function AlertRow({
  alert,
  suggestions,
  quote,
}: {
  alert: AlertView;
  suggestions: Suggestion[];
  quote: QuoteSummary | undefined;
}) {
  const { t } = useTranslation("alerts");
  const lang = useLang();
  const fetcher = useFetcher<AlertActionResult>();
  const f = useFormat();
  const condition = useConditionText();
  const cooldownText = useCooldownText();
  const st = useServerText();
  const [editing, setEditing] = useState(false);
  useResultToast(fetcher, alert.symbol);
  // Optimistic: the switch and badge follow the click; a failure snaps back on revalidation.
  const pending = fetcher.formData;
  if (pending?.get("intent") === "delete") return null;
  const toggling = pending?.get("intent") === "toggle";
  const isActive = toggling ? pending.get("active") === "true" : alert.status !== "paused";
  const status: ShownStatus = toggling ? (isActive ? "active" : "inactive") : shownStatus(alert);
  const decimals = quote?.decimals ?? suggestions.find((s) => s.symbol === alert.symbol)?.decimals ?? 2;

  return (
    <li className="py-4" data-testid="alert-row" data-status={status}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {/* The text takes the line on a phone; the actions then wrap below it. */}
        <div className="min-w-0 flex-[1_1_16rem]">
          <div className="flex flex-wrap items-center gap-2">
            <span className="min-w-0 text-lg font-semibold text-brand-900" data-field="alert-name">
              {instrumentName(alert, lang)}
            </span>
            {alert.name !== alert.symbol ? (
              <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-600">
                {alert.symbol}
              </span>
            ) : null}
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${badge[status]}`}>
              {t(`list.status.${status}`)}
            </span>
            {alert.notifyEmail ? <span className={chip}>{t("list.email")}</span> : null}
            {alert.notifyPush ? <span className={chip}>{t("list.push")}</span> : null}
            {alert.notifyWebhook ? <span className={chip}>{t("list.webhook")}</span> : null}
          </div>
          <p className="mt-1 text-sm text-slate-700">
            {condition(alert)}
            <span className="text-slate-500">
              {" · "}
              {alert.frequency === "every"
                ? t("list.frequency.every", { cooldown: cooldownText(alert.cooldownSeconds ?? 60) })
                : t(`list.frequency.${alert.frequency}`)}
            </span>
          </p>
          <PriceNow alert={alert} quote={quote} />
          {alert.errorMessage && status === "error" ? (
            <p className="mt-0.5 text-xs text-red-700">{st(alert.errorMessage)}</p>
          ) : null}
          <p className="mt-0.5 text-xs text-slate-500">
            {t("list.created", { date: f.mediumDate(alert.createdAt) })}
            {alert.expiresAt ? ` · ${t("list.expires", { date: f.mediumDateTime(alert.expiresAt) })}` : null}
            {alert.triggeredAt && alert.triggeredPrice !== null
              ? ` · ${t("list.lastFired", {
                  date: f.mediumDateTime(alert.triggeredAt),
                  price: f.price(alert.triggeredPrice, decimals),
                })}`
              : null}
          </p>
          {/* Push and webhook deliveries of this alert, with every attempt, loaded when opened. */}
          {alert.notifyPush || alert.notifyWebhook ? (
            <div className="mt-1">
              <DeliveryLog alertId={alert.id} />
            </div>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-1">
          <Switch.Root
            checked={isActive}
            onCheckedChange={(on) =>
              fetcher.submit({ intent: "toggle", id: alert.id, active: String(on) }, { method: "post" })
            }
            aria-label={t("list.toggle", { symbol: alert.symbol })}
            className="relative me-2 h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors data-[state=checked]:bg-brand-600"
          >
            <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px] rtl:-translate-x-0.5 rtl:data-[state=checked]:-translate-x-[22px]" />
          </Switch.Root>
          <button
            type="button"
            aria-expanded={editing}
            onClick={() => setEditing((v) => !v)}
            aria-label={t("list.edit", { symbol: alert.symbol })}
            title={t("list.edit", { symbol: alert.symbol })}
            className={iconButton}
          >
            <Pencil className="size-5" aria-hidden />
          </button>
          <button
            type="button"
            onClick={() => fetcher.submit({ intent: "duplicate", id: alert.id }, { method: "post" })}
            aria-label={t("list.duplicate", { symbol: alert.symbol })}
            title={t("list.duplicate", { symbol: alert.symbol })}
            className={iconButton}
          >
            <Copy className="size-5" aria-hidden />
          </button>
          <Link
            to={`?tab=history&alert=${alert.id}`}
            preventScrollReset
            aria-label={t("list.history", { symbol: alert.symbol })}
            title={t("list.history", { symbol: alert.symbol })}
            className={iconButton}
          >
            <History className="size-5" aria-hidden />
          </Link>
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
      </div>
      {editing ? (
        <div className="mt-3">
          <AlertForm alert={alert} suggestions={suggestions} onClose={() => setEditing(false)} />
        </div>
      ) : null}
    </li>
  );
}

type Filter = "all" | ShownStatus;

export function AlertList({ alerts, suggestions }: { alerts: AlertView[]; suggestions: Suggestion[] }) {
  const { t } = useTranslation("alerts");
  const [filter, setFilter] = useState<Filter>("all");
  const quotes = useQuotes(alerts.map((a) => a.symbol));
  if (alerts.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
        <p className="text-lg font-semibold text-slate-800">{t("list.emptyTitle")}</p>
        <p className="mt-1 text-slate-500">{t("list.emptyText")}</p>
      </div>
    );
  }
  const shown = filter === "all" ? alerts : alerts.filter((a) => shownStatus(a) === filter);
  const filterClass = (on: boolean) =>
    `rounded-full px-3 py-1 text-sm font-medium ${on ? "bg-brand-700 text-white" : "bg-slate-100 text-slate-700 hover:bg-slate-200"}`;
  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{t("list.filters.label")}</legend>
        {(["all", ...SHOWN_STATUSES] as Filter[]).map((v) => (
          <button
            key={v}
            type="button"
            aria-pressed={filter === v}
            className={filterClass(filter === v)}
            onClick={() => setFilter(v)}
          >
            {t(`list.filters.${v}`)}
          </button>
        ))}
      </fieldset>
      <div className="rounded-xl border border-slate-200 bg-white px-4 shadow-sm sm:px-5">
        {shown.length === 0 ? (
          <p className="py-8 text-center text-slate-500">{t("list.filterEmpty")}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {shown.map((a) => (
              <AlertRow key={a.id} alert={a} suggestions={suggestions} quote={quotes.get(a.symbol)} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
