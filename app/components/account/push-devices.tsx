import { Bell, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PushDevice } from "#common/push-schema";
import { buttonClass, FormMessage } from "~/components/forms/field";
import { useLang } from "~/lib/locale";
import { useServerText } from "~/lib/server-text";
import { toast } from "~/lib/toast";
import { useFormat } from "~/lib/use-format";
import {
  currentSubscription,
  PushApiError,
  type PushSupport,
  pushApi,
  pushSupport,
  saveSubscription,
  serviceWorker,
  subscribeThisDevice,
} from "./push-client";
import "~/locales/account";

const secondaryButton =
  "inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-700 shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60";

/**
 * "Push notifications on this device": this browser's state (unsupported, blocked, off, on), the
 * switch, a test push, and every device of the user with a remove button.
 */
export function PushDevices({ devices, onChanged }: { devices: PushDevice[]; onChanged: () => void }) {
  const { t } = useTranslation("account");
  const lang = useLang();
  const format = useFormat();
  const st = useServerText();
  const [support, setSupport] = useState<PushSupport | "checking">("checking");
  /** This browser's device id on the server, when it is subscribed. */
  const [thisDevice, setThisDevice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // On load: a browser that is already subscribed refreshes its subscription on the server (its
  // keys may have changed, or another account used it), which also tells which device it is.
  useEffect(() => {
    const state = pushSupport();
    setSupport(state);
    if (state === "unsupported") return;
    let stale = false;
    void (async () => {
      try {
        await serviceWorker();
        const subscription = await currentSubscription();
        if (!subscription || Notification.permission !== "granted") return;
        const id = await saveSubscription(subscription);
        if (!stale) setThisDevice(id);
      } catch {
        // Not subscribed here, or the server is unreachable: the switch offers to subscribe.
      }
    })();
    return () => {
      stale = true;
    };
  }, []);
  const subscribedHere = thisDevice !== null && devices.some((d) => d.id === thisDevice);

  async function run(work: () => Promise<void>) {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      const status = err instanceof PushApiError ? err.status : 0;
      // A refused subscription (400, 409) says why: the server's text in the page's language.
      if (status === 400 || status === 409) toast.error(st((err as Error).message));
      else
        toast.error(
          t(status === 429 ? "push.rateLimited" : status === 404 ? "push.noDevices" : "push.failed"),
        );
    } finally {
      setBusy(false);
    }
  }

  const turnOn = () =>
    run(async () => {
      const device = await subscribeThisDevice();
      if (!device) {
        setSupport(pushSupport());
        toast.error(t("push.notAllowed"));
        return;
      }
      setSupport("ready");
      setThisDevice(device.id);
      toast.success(t("push.turnedOn"));
      onChanged();
    });

  const turnOff = () =>
    run(async () => {
      const subscription = await currentSubscription();
      if (subscription) {
        await pushApi("DELETE", "/api/push/subscriptions", { endpoint: subscription.endpoint }).catch(
          () => {},
        );
        await subscription.unsubscribe();
      }
      setThisDevice(null);
      toast.success(t("push.turnedOff"));
      onChanged();
    });

  const remove = (device: PushDevice) =>
    run(async () => {
      if (device.id === thisDevice) return turnOff();
      await pushApi("DELETE", "/api/push/subscriptions", { id: device.id });
      toast.success(t("push.removed"));
      onChanged();
    });

  const sendTest = () =>
    run(async () => {
      const result = await pushApi<{ sent: number; removed: number }>("POST", "/api/push/test", { lang });
      if (result.sent > 0) toast.success(t("push.testSent", { count: result.sent }));
      else toast.error(t("push.testFailed"));
      if (result.removed > 0) onChanged();
    });

  return (
    <section
      aria-labelledby="push-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6"
    >
      <h2 id="push-heading" className="flex items-center gap-2 text-xl font-semibold text-brand-900">
        <Bell className="size-5 shrink-0" aria-hidden />
        {t("push.heading")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("push.intro")}</p>

      <div className="mt-4" aria-live="polite">
        {support === "checking" ? (
          <p className="text-sm text-slate-500">{t("push.status.checking")}</p>
        ) : support === "unsupported" ? (
          <FormMessage kind="error">{t("push.status.unsupported")}</FormMessage>
        ) : support === "blocked" ? (
          <FormMessage kind="error">{t("push.status.blocked")}</FormMessage>
        ) : (
          <p className="text-sm font-medium text-slate-800" data-testid="push-status">
            {subscribedHere ? t("push.status.on") : t("push.status.off")}
          </p>
        )}
      </div>

      <div className="mt-4 flex flex-wrap gap-3">
        {support === "ready" && !subscribedHere ? (
          <button type="button" className={buttonClass} disabled={busy} onClick={turnOn}>
            {t("push.turnOn")}
          </button>
        ) : null}
        {support === "ready" && subscribedHere ? (
          <button type="button" className={secondaryButton} disabled={busy} onClick={turnOff}>
            {t("push.turnOff")}
          </button>
        ) : null}
        {devices.length > 0 ? (
          <button type="button" className={secondaryButton} disabled={busy} onClick={sendTest}>
            {t("push.sendTest")}
          </button>
        ) : null}
      </div>

      <p className="mt-4 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600">{t("push.iosNote")}</p>

      <h3 className="mt-6 text-base font-semibold text-slate-800">{t("push.devices")}</h3>
      {devices.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">{t("push.noDevicesYet")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
          {devices.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-medium text-slate-800">
                  <span dir="ltr">{d.device}</span>
                  {d.id === thisDevice ? (
                    <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-700">
                      {t("push.thisDevice")}
                    </span>
                  ) : null}
                </p>
                <p className="text-xs text-slate-500">
                  {t("push.added", { date: format.mediumDate(d.createdAt) })}
                  {" · "}
                  {d.lastSuccessAt
                    ? t("push.lastDelivered", { date: format.mediumDateTime(d.lastSuccessAt) })
                    : t("push.neverDelivered")}
                </p>
              </div>
              <button
                type="button"
                className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-60"
                disabled={busy}
                aria-label={t("push.removeDevice", { device: d.device })}
                onClick={() => remove(d)}
              >
                <Trash2 className="size-4" aria-hidden />
                {t("push.remove")}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
