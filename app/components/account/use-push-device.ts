import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PushDevice } from "#common/push-schema";
import { useLang } from "~/lib/locale";
import { useServerText } from "~/lib/server-text";
import { toast } from "~/lib/toast";
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

/**
 * This browser's push state (unsupported, blocked, ready), which of the user's devices it is, and
 * the actions on it: turn on, turn off, remove a device, send a test push. One action runs at a time.
 */
export function usePushDevice(devices: PushDevice[], onChanged: () => void) {
  const { t } = useTranslation("account");
  const lang = useLang();
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

  return { support, thisDevice, subscribedHere, busy, turnOn, turnOff, remove, sendTest };
}
