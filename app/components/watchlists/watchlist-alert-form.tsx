import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { WATCHLIST_ALERT_WINDOWS, watchlistAlertSchema } from "#common/watchlist-schema";
import { buttonClass, Checkbox, Input, Select } from "~/components/forms/field";
import { useServerText } from "~/lib/server-text";
import type { WatchlistView } from "./types";
import { useWatchlistAction } from "./use-watchlist-action";
import "~/locales/watchlists";

/**
 * "Alert on the whole watchlist": one price alert per member, on a change % from now or a move
 * of N % within 5 minutes, 1 hour or 1 day; members added later get the same alert.
 */
export function WatchlistAlertForm({ list, onClose }: { list: WatchlistView; onClose: () => void }) {
  const { t } = useTranslation("watchlists");
  const st = useServerText();
  const percentId = useId();
  const windowId = useId();
  const [kind, setKind] = useState<"change_percent" | "move_window">(list.alert?.kind ?? "change_percent");
  const [localError, setLocalError] = useState("");
  const action = useWatchlistAction(onClose);
  const clear = useWatchlistAction(onClose);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const parsed = watchlistAlertSchema.safeParse(fields);
    if (!parsed.success) return setLocalError(st(parsed.error.issues[0]?.message ?? ""));
    setLocalError("");
    action.submit({ ...fields, intent: "alert", id: list.id });
  }

  const error = localError || action.error;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      data-testid="watchlist-alert-form"
      className="mt-4 flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <p className="text-sm text-slate-600">{t("alert.explain", { count: list.symbols.length })}</p>
      <fieldset className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <legend className="sr-only">{t("alert.kind")}</legend>
        {(["change_percent", "move_window"] as const).map((k) => (
          <label key={k} className="flex items-center gap-2">
            <input
              type="radio"
              name="kind"
              value={k}
              checked={kind === k}
              onChange={() => setKind(k)}
              className="accent-brand-700"
            />
            {t(`alert.kinds.${k}`)}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={percentId} className="mb-1 block text-sm font-medium text-slate-700">
            {t("alert.percent")}
          </label>
          <Input
            id={percentId}
            name="percent"
            inputMode="decimal"
            defaultValue={list.alert ? String(list.alert.percent) : "2"}
            className="w-28"
            dir="ltr"
          />
        </div>
        {kind === "move_window" ? (
          <div>
            <label htmlFor={windowId} className="mb-1 block text-sm font-medium text-slate-700">
              {t("alert.window")}
            </label>
            <Select
              id={windowId}
              name="windowMinutes"
              defaultValue={String(list.alert?.windowMinutes ?? 60)}
              className="w-40"
            >
              {WATCHLIST_ALERT_WINDOWS.map((w) => (
                <option key={w} value={w}>
                  {t(`alert.windows.${w}`, { n: w })}
                </option>
              ))}
            </Select>
          </div>
        ) : null}
      </div>
      <Checkbox
        name="notifyEmail"
        label={t("alert.email")}
        defaultChecked={list.alert?.notifyEmail ?? false}
      />
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass} disabled={action.busy}>
          {t("alert.save")}
        </button>
        {list.alert ? (
          <button
            type="button"
            disabled={clear.busy}
            onClick={() => clear.submit({ intent: "clear-alert", id: list.id })}
            className="rounded-md border border-slate-300 px-4 py-2 font-semibold text-slate-700 hover:bg-slate-50"
          >
            {t("alert.clear")}
          </button>
        ) : null}
        <button type="button" onClick={onClose} className="px-3 py-2 text-slate-600 hover:text-slate-900">
          {t("cancel")}
        </button>
      </div>
    </form>
  );
}
