import { Bell } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { PushDevice } from "#common/push-schema";
import { buttonClass, FormMessage } from "~/components/forms/field";
import { PushDeviceList } from "./push-device-list";
import { usePushDevice } from "./use-push-device";
import "~/locales/account";

const secondaryButton =
  "inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-700 shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60";

/**
 * "Push notifications on this device": this browser's state (unsupported, blocked, off, on), the
 * switch, a test push, and every device of the user with a remove button.
 */
export function PushDevices({ devices, onChanged }: { devices: PushDevice[]; onChanged: () => void }) {
  const { t } = useTranslation("account");
  const { support, thisDevice, subscribedHere, busy, turnOn, turnOff, remove, sendTest } = usePushDevice(
    devices,
    onChanged,
  );

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
        <PushDeviceList devices={devices} thisDevice={thisDevice} busy={busy} onRemove={remove} />
      )}
    </section>
  );
}
