import { Check, CheckCheck } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Link } from "~/components/link";
import { useFormat } from "~/lib/use-format";
import type { NotificationView } from "./types";
import "~/locales/alerts";

function NotificationItem({ n }: { n: NotificationView }) {
  const { t } = useTranslation("alerts");
  const fetcher = useFetcher();
  const f = useFormat();
  // Optimistic; a failed mark-read is only logged, the next load shows the truth.
  const isRead = n.isRead || fetcher.formData?.get("intent") === "read";
  return (
    <li className={`flex gap-3 py-4 ${isRead ? "" : "bg-brand-50/40"}`} data-testid="notification">
      <span className="mt-2 size-2.5 shrink-0 rounded-full" aria-hidden>
        {isRead ? null : <span className="block size-2.5 rounded-full bg-brand-600" />}
      </span>
      <div className="min-w-0 flex-1">
        <p dir="auto" className="font-semibold text-slate-900">
          {n.title}
          {isRead ? null : <span className="sr-only"> ({t("notifications.unreadDot")})</span>}
        </p>
        <p dir="auto" className="mt-0.5 text-sm text-slate-700">
          {n.message}
        </p>
        <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-500">
          <span>{f.mediumDateTime(n.createdAt)}</span>
          {n.triggerId ? (
            <Link
              to={`?tab=history${n.alertId ? `&alert=${n.alertId}` : ""}#trigger-${n.triggerId}`}
              className="font-medium text-brand-700 hover:underline"
            >
              {t("notifications.viewHistory")}
            </Link>
          ) : null}
        </p>
      </div>
      {isRead ? null : (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="read" />
          <input type="hidden" name="id" value={n.id} />
          <button
            type="submit"
            className="rounded p-2 text-slate-500 hover:bg-brand-50 hover:text-brand-700"
            aria-label={t("notifications.markRead")}
            title={t("notifications.markRead")}
          >
            <Check className="size-5" aria-hidden />
          </button>
        </fetcher.Form>
      )}
    </li>
  );
}

/** Notifications: unread badge, All / Unread (count) filters, Mark all read, 20 newest. */
export function NotificationList({ notifications }: { notifications: NotificationView[] }) {
  const { t } = useTranslation("alerts");
  const [filter, setFilter] = useState<"all" | "unread">("all");
  const markAll = useFetcher({ key: "mark-all-read" });
  const allRead = markAll.state !== "idle";
  const items = allRead ? notifications.map((n) => ({ ...n, isRead: true })) : notifications;
  // The unread count derives from the loaded items.
  const unread = items.filter((n) => !n.isRead).length;
  const shown = filter === "unread" ? items.filter((n) => !n.isRead) : items;
  const filterClass = (on: boolean) =>
    `rounded-full px-3 py-1 text-sm font-medium ${on ? "bg-brand-700 text-white" : "bg-slate-100 text-slate-700 hover:bg-slate-200"}`;

  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-semibold text-brand-900">{t("notifications.heading")}</h2>
        {unread > 0 ? (
          <span
            className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white"
            data-testid="unread-badge"
          >
            {t("notifications.unreadBadge", { count: unread })}
          </span>
        ) : null}
        <div className="ms-auto flex flex-wrap items-center gap-2">
          <fieldset className="flex gap-2">
            <button
              type="button"
              className={filterClass(filter === "all")}
              aria-pressed={filter === "all"}
              onClick={() => setFilter("all")}
            >
              {t("notifications.all")}
            </button>
            <button
              type="button"
              className={filterClass(filter === "unread")}
              aria-pressed={filter === "unread"}
              onClick={() => setFilter("unread")}
            >
              {t("notifications.unread", { count: unread })}
            </button>
          </fieldset>
          {unread > 0 ? (
            <markAll.Form method="post">
              <input type="hidden" name="intent" value="read-all" />
              <button
                type="submit"
                className="flex items-center gap-1 rounded-md border border-slate-300 px-3 py-1 text-sm font-medium text-slate-700 hover:bg-slate-50"
              >
                <CheckCheck className="size-4" aria-hidden />
                {t("notifications.markAllRead")}
              </button>
            </markAll.Form>
          ) : null}
        </div>
      </div>
      {shown.length === 0 ? (
        <div className="px-6 py-12 text-center">
          <p className="text-lg font-semibold text-slate-800">
            {filter === "unread" ? t("notifications.emptyUnreadTitle") : t("notifications.emptyTitle")}
          </p>
          <p className="mt-1 text-slate-500">
            {filter === "unread" ? t("notifications.emptyUnreadText") : t("notifications.emptyText")}
          </p>
        </div>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {shown.map((n) => (
            <NotificationItem key={n.id} n={n} />
          ))}
        </ul>
      )}
    </div>
  );
}
