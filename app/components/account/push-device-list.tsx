import { Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { PushDevice } from "#common/push-schema";
import { useFormat } from "~/lib/use-format";
import "~/locales/account";

/** Every device of the user, with when it was added, its last delivery and a remove button. */
export function PushDeviceList({
  devices,
  thisDevice,
  busy,
  onRemove,
}: {
  devices: PushDevice[];
  /** This browser's device id on the server, when it is subscribed. */
  thisDevice: string | null;
  busy: boolean;
  onRemove(device: PushDevice): void;
}) {
  const { t } = useTranslation("account");
  const format = useFormat();
  return (
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
            onClick={() => onRemove(d)}
          >
            <Trash2 className="size-4" aria-hidden />
            {t("push.remove")}
          </button>
        </li>
      ))}
    </ul>
  );
}
