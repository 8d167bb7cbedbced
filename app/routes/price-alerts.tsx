import { Plus } from "lucide-react";
import { Tabs } from "radix-ui";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, useRevalidator, useSearchParams } from "react-router";
import { type ActionResult, failureOf, fieldErrors } from "#common/action-result";
import { alertFormSchema } from "#common/alert-schema";
import type { PriceAlertRow, TriggerRow } from "#server/alerts/types";
import { AlertForm } from "~/components/alerts/alert-form";
import { AlertHistory } from "~/components/alerts/alert-history";
import { AlertList } from "~/components/alerts/alert-list";
import { NotificationList } from "~/components/alerts/notification-list";
import type {
  AlertActionResult,
  AlertHolds,
  AlertView,
  NotificationView,
  TriggerView,
} from "~/components/alerts/types";
import { unreadStore } from "~/components/alerts/unread-store";
import { buttonClass } from "~/components/forms/field";
import { Page } from "~/components/layout/page";
import { RouteError } from "~/components/layout/route-error";
import { Link } from "~/components/link";
import { getUser, services } from "~/lib/auth.server";
import { onStreamEvent } from "~/lib/event-stream";
import { readSingleValuedForm } from "~/lib/form.server";
import { langOf } from "~/lib/locale";
import { metaText } from "~/lib/meta-text";
import { pageMeta } from "~/lib/seo";
import { toast } from "~/lib/toast";
import type { Route } from "./+types/price-alerts";
import "~/locales/alerts";

const TABS = ["manage", "notifications", "history"] as const;
type Tab = (typeof TABS)[number];
const tabOf = (v: string | null): Tab =>
  ((TABS as readonly string[]).find((t) => t === v) as Tab) ?? "manage";
const iso = (d: Date | null) => (d ? d.toISOString() : null);

const alertView = (
  { userId: _owner, watchlistId: _list, ...a }: PriceAlertRow,
  named?: { name: string; nameAr?: string },
): AlertView => ({
  ...a,
  name: named?.name ?? a.symbol,
  ...(named?.nameAr ? { nameAr: named.nameAr } : {}),
  expiresAt: iso(a.expiresAt),
  triggeredAt: iso(a.triggeredAt),
  createdAt: a.createdAt.toISOString(),
});

const triggerView = (h: TriggerRow): TriggerView => ({
  id: h.id,
  alertId: h.alertId,
  symbol: h.symbol,
  price: h.price,
  title: h.title,
  message: h.message,
  channels: h.channels,
  triggeredAt: h.triggeredAt.toISOString(),
});

/**
 * The open tab's data only: the alerts for Manage, the notifications and the unread count for
 * Notifications, the triggers and the alerts they name for History; another tab changes the query
 * string, which loads its data. No prices (they change on every tick, and the page's render is
 * remembered while its data stays the same: `handle` below) and no webhook endpoints: the form
 * fetches both when it opens.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const s = services(context);
  const user = await getUser(request, context);
  const params = new URL(request.url).searchParams;
  const tab = tabOf(params.get("tab"));
  const empty = {
    alerts: null as AlertView[] | null,
    notifications: null as NotificationView[] | null,
    unread: null as number | null,
    history: null as TriggerView[] | null,
  };
  if (!user) return { signedIn: false, failed: false, suggestions: [], ...empty };
  const suggestions = s.alerts.suggestions();
  const when = <T,>(open: boolean, load: () => Promise<T>) => (open ? load() : null);
  // Price alerts' titles and messages are written in the page's language from what fired.
  const lang = langOf(request);
  try {
    const [alerts, notifications, unread, history] = await Promise.all([
      when(tab !== "notifications", () => s.alerts.list(user.id)),
      when(tab === "notifications", () => s.alerts.notifications(user.id, { lang })),
      when(tab === "notifications", () => s.alerts.unreadCount(user.id)),
      when(tab === "history", () =>
        s.alerts.history(user.id, { alertId: params.get("alert") ?? undefined, lang }),
      ),
    ]);
    return {
      signedIn: true,
      failed: false,
      suggestions,
      unread,
      // Each alert names its instrument (listed companies too); the names change with the directory only.
      alerts: alerts?.map((a) => alertView(a, s.market.findInstrument(a.symbol))) ?? null,
      notifications: notifications?.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() })) ?? null,
      history: history?.map(triggerView) ?? null,
    };
  } catch (err) {
    s.log.error({ err }, "alerts: loading the page failed");
    return { signedIn: true, failed: true, suggestions, ...empty };
  }
}

/** The page's render is a function of its data and URL alone (see server/cache/remembered-renders.ts, docs/caching.md). */
export const handle = { rememberRenders: true };

export async function action({ request, context }: Route.ActionArgs) {
  const s = services(context);
  const form = await readSingleValuedForm(request);
  const intent = String(form.intent ?? "");
  const reply = (body: ActionResult<{ symbol?: string; holds?: AlertHolds }>, status = 200) =>
    data<AlertActionResult>({ intent, ...body }, { status });
  // A saved level alert that already holds fires at once: the success message says so.
  const saved = (row: PriceAlertRow) => {
    const instrument = s.market.findInstrument(row.symbol);
    const holds =
      instrument && (row.alertType === "above" || row.alertType === "below") && s.alerts.holdsNow(row)
        ? {
            alertType: row.alertType,
            name: instrument.name,
            nameAr: instrument.nameAr,
            target: row.targetValue,
          }
        : undefined;
    return reply({ ok: true, symbol: row.symbol, ...(holds ? { holds } : {}) });
  };
  const user = await getUser(request, context);
  if (!user) return reply({ ok: false, error: "auth" }, 401);
  const { alerts } = s;
  const id = String(form.id ?? "");
  try {
    switch (intent) {
      case "create": {
        const parsed = alertFormSchema.safeParse(form);
        if (!parsed.success) return reply({ ok: false, error: "", fields: fieldErrors(parsed.error) }, 400);
        return saved(await alerts.create(user.id, parsed.data));
      }
      case "update": {
        const parsed = alertFormSchema.safeParse(form);
        if (!parsed.success) return reply({ ok: false, error: "", fields: fieldErrors(parsed.error) }, 400);
        return saved(await alerts.update(user.id, id, parsed.data));
      }
      case "duplicate": {
        const row = await alerts.duplicate(user.id, id);
        return reply({ ok: true, symbol: row.symbol });
      }
      case "toggle":
        await alerts.setActive(user.id, id, form.active === "true");
        return reply({ ok: true });
      case "delete":
        await alerts.remove(user.id, id);
        return reply({ ok: true });
      case "read":
        await alerts.markRead(user.id, id);
        return reply({ ok: true });
      case "read-all":
        await alerts.markAllRead(user.id);
        return reply({ ok: true });
      default:
        return reply({ ok: false, error: "Unknown action" }, 400);
    }
  } catch (err) {
    const { status, body } = failureOf(err, "", (err) =>
      s.log.error({ err, intent }, "alerts: action failed"),
    );
    return reply(body, status);
  }
}

function SignedOut({ text }: { text: string }) {
  const { t } = useTranslation("alerts");
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-6 py-12 text-center">
      <p className="text-lg text-slate-700">{text}</p>
      <Link to="/auth?redirectTo=/price-alerts" className={`${buttonClass} mt-4`}>
        {t("signedOut.signIn")}
      </Link>
    </div>
  );
}

/** Alerts that trigger while the page is open show up without a reload. */
function useLiveUpdates(enabled: boolean) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A burst of events (several alerts in one tick) becomes one reload of the data.
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void revalidate(), 150);
    };
    const offs = [onStreamEvent("notification", soon), onStreamEvent("notifications-read", soon)];
    return () => {
      clearTimeout(timer);
      for (const off of offs) off();
    };
  }, [enabled, revalidate]);
}

export default function PriceAlertsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("alerts");
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const closeForm = useCallback(() => setCreating(false), []);
  const urlTab = tabOf(params.get("tab"));
  // Local first so a click switches at once; the URL follows (and the bell's link leads here).
  const [tab, setTab] = useState<Tab>(urlTab);
  useEffect(() => setTab(urlTab), [urlTab]);
  const { signedIn, failed, alerts, notifications, suggestions, unread, history } = loaderData;
  // A tab clicked shows at once; its data arrives with the navigation the click started.
  const loading = <p className="py-8 text-center text-slate-500">{t("loading")}</p>;
  useLiveUpdates(signedIn);

  useEffect(() => {
    if (failed) toast.error(t("toast.error"), { description: t("toast.fetchFailed") });
  }, [failed, t]);
  // The bell shows the server's count; keep it in step with what this page loaded.
  useEffect(() => {
    if (signedIn && !failed && unread !== null) unreadStore.set(unread);
  }, [signedIn, failed, unread]);

  const tabClass =
    "flex-1 rounded-md px-4 py-2 text-sm font-semibold text-slate-600 data-[state=active]:bg-white data-[state=active]:text-brand-900 data-[state=active]:shadow";

  return (
    <Page title={t("title")} subtitle={t("subtitle")}>
      <Tabs.Root
        value={tab}
        onValueChange={(v) => {
          setTab(v as Tab);
          setParams(v === "manage" ? {} : { tab: v }, { replace: true, preventScrollReset: true });
        }}
      >
        <Tabs.List className="mb-6 flex max-w-xl gap-1 rounded-lg bg-slate-100 p-1" aria-label={t("title")}>
          <Tabs.Trigger value="manage" className={tabClass}>
            {t("tabs.manage")}
          </Tabs.Trigger>
          <Tabs.Trigger value="notifications" className={tabClass}>
            {t("tabs.notifications")}
          </Tabs.Trigger>
          <Tabs.Trigger value="history" className={tabClass}>
            {t("tabs.history")}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="manage" className="outline-none">
          {!signedIn ? (
            <SignedOut text={t("signedOut.manage")} />
          ) : !alerts ? (
            loading
          ) : (
            <div className="flex flex-col gap-5">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h2 className="text-xl font-semibold text-brand-900">
                  {t("list.heading", { count: alerts.length })}
                </h2>
                <button
                  type="button"
                  className={buttonClass}
                  aria-expanded={creating}
                  onClick={() => setCreating((v) => !v)}
                >
                  <Plus className="size-4" aria-hidden />
                  {t("list.newAlert")}
                </button>
              </div>
              {creating ? <AlertForm suggestions={suggestions} onClose={closeForm} /> : null}
              <p className="text-sm text-slate-500">{t("list.rearmHint")}</p>
              <AlertList alerts={alerts} suggestions={suggestions} />
            </div>
          )}
        </Tabs.Content>
        <Tabs.Content value="notifications" className="outline-none">
          {!signedIn ? (
            <SignedOut text={t("signedOut.notifications")} />
          ) : !notifications ? (
            loading
          ) : (
            <NotificationList notifications={notifications} />
          )}
        </Tabs.Content>
        <Tabs.Content value="history" className="outline-none">
          {!signedIn ? (
            <SignedOut text={t("signedOut.manage")} />
          ) : !history || !alerts ? (
            loading
          ) : (
            <AlertHistory triggers={history} alerts={alerts} suggestions={suggestions} />
          )}
        </Tabs.Content>
      </Tabs.Root>
    </Page>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    ...metaText(matches, "priceAlerts"),
    path: "/price-alerts",
  });

export function ErrorBoundary() {
  const { t } = useTranslation("alerts");
  return <RouteError title={t("title")} message={t("toast.fetchFailed")} />;
}
