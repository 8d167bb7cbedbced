import { useTranslation } from "react-i18next";
import { DIVIDEND_REMINDER_DAYS } from "#common/dividends";
import { useForm } from "~/components/forms/use-form";
import { useServerText } from "~/lib/server-text";
import "~/locales/dividends";

type Answer = { ok: true; remindAt: string } | { ok: false; error: string; fields?: Record<string, string> };

/** "Remind me before the ex-date": how many days before, and mail beside the bell. POST /api/dividends/reminders. */
export function ReminderForm({ actionId }: { actionId: string }) {
  const { t } = useTranslation("dividends");
  const st = useServerText();
  const { fetcher, formRef, busy, result } = useForm<Answer>({ resetOnSuccess: false });
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/api/dividends/reminders"
      className="mt-2 flex flex-wrap items-center gap-2 text-xs"
      data-testid="dividend-reminder"
    >
      <input type="hidden" name="actionId" value={actionId} />
      <span className="font-medium">{t("remind.heading")}</span>
      <label className="flex items-center gap-1">
        <span className="sr-only">{t("remind.when")}</span>
        <select name="daysBefore" defaultValue="1" className="rounded border border-slate-300 px-1 py-0.5">
          {DIVIDEND_REMINDER_DAYS.map((d) => (
            <option key={d} value={d}>
              {t("remind.days", { count: d })}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-1">
        <input type="checkbox" name="notifyEmail" value="on" />
        {t("remind.email")}
      </label>
      <button
        type="submit"
        disabled={busy}
        className="rounded-md bg-brand-700 px-3 py-1 font-semibold text-white hover:bg-brand-600 disabled:opacity-60"
      >
        {t("remind.set")}
      </button>
      {result?.ok ? (
        <span role="status" className="text-emerald-800">
          {t("remind.saved")}
        </span>
      ) : result ? (
        <span role="alert" className="text-red-700">
          {st(result.error)}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
