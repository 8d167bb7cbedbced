import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ALERT_FREQUENCIES, type AlertFrequency } from "#common/alert-options";
import { DEFAULT_COOLDOWN_SECONDS, MIN_COOLDOWN_SECONDS } from "#common/alert-schema";
import { Field, SelectField } from "~/components/forms/field";
import { useServerText } from "~/lib/server-text";
import type { AlertView } from "./types";
import "~/locales/alerts";

/** A stored time as a datetime-local value in the browser's zone ("" when none). */
function toLocalInput(iso: string | null) {
  if (!iso) return "";
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The browser's UTC offset at that local time (DST-aware), for the server to read the expiry. */
const offsetAt = (local: string) => (local ? String(new Date(local).getTimezoneOffset()) : "");

/** How often an alert may fire (with its cool-down when it fires every time) and when it expires. */
export function AlertScheduleFields({
  alert,
  errors,
}: {
  alert?: AlertView;
  errors: Partial<Record<"cooldownSeconds" | "expiresAt", string>>;
}) {
  const { t } = useTranslation("alerts");
  const st = useServerText();
  const [frequency, setFrequency] = useState<AlertFrequency>(alert?.frequency ?? "once");
  const [expires, setExpires] = useState(() => toLocalInput(alert?.expiresAt ?? null));
  return (
    <>
      <SelectField
        label={t("form.frequency")}
        name="frequency"
        value={frequency}
        onChange={(e) => setFrequency(e.target.value as AlertFrequency)}
        options={ALERT_FREQUENCIES.map((v) => ({ value: v, label: t(`form.frequencies.${v}`) }))}
      />
      {frequency === "every" ? (
        <Field
          label={t("form.cooldown")}
          name="cooldownSeconds"
          type="number"
          inputMode="numeric"
          min={MIN_COOLDOWN_SECONDS}
          step="1"
          defaultValue={String(alert?.cooldownSeconds ?? DEFAULT_COOLDOWN_SECONDS)}
          error={st(errors.cooldownSeconds)}
        />
      ) : null}
      <Field
        label={t("form.expiresAt")}
        name="expiresAt"
        type="datetime-local"
        value={expires}
        onChange={(e) => setExpires(e.target.value)}
        error={st(errors.expiresAt)}
      />
      <input type="hidden" name="tzOffset" value={offsetAt(expires)} />
    </>
  );
}
