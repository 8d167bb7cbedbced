import { useTranslation } from "react-i18next";
import { DIVIDEND_REMINDER_DAYS, type ReaderDividendReminder } from "#common/dividends";
import { useForm } from "~/components/forms/use-form";
import { useServerText } from "~/lib/server-text";
import "~/locales/dividends";

type Answer =
  | { ok: true; remindAt?: string; removed?: boolean }
  | { ok: false; error: string; fields?: Record<string, string> };

/**
 * "Remind me before the ex-date" (POST /api/dividends/reminders): a reader who has a reminder sees
 * it ("Reminder set: 2 days before the ex-date") with a button that removes it; the others choose
 * how many days before, and mail beside the bell. The page's data is read again after each answer,
 * so what the form shows is what is stored.
 */
export function ReminderForm({
  actionId,
  reminder,
}: {
  actionId: string;
  reminder: ReaderDividendReminder | null;
}) {
  // One fetcher for both forms: the answer to "remove" must outlive the form that sent it (a
  // fetcher whose last user unmounts is dropped with its answer, and removing swaps the forms).
  const form = useForm<Answer>({ resetOnSuccess: false });
  return reminder ? (
    <CurrentReminder actionId={actionId} reminder={reminder} form={form} />
  ) : (
    <NewReminder actionId={actionId} form={form} />
  );
}

type ReminderFetcher = ReturnType<typeof useForm<Answer>>;

function CurrentReminder({
  actionId,
  reminder,
  form: { fetcher, busy, result },
}: {
  actionId: string;
  reminder: ReaderDividendReminder;
  form: ReminderFetcher;
}) {
  const { t } = useTranslation("dividends");
  const st = useServerText();
  return (
    <fetcher.Form
      method="post"
      action="/api/dividends/reminders"
      className="mt-2 flex flex-wrap items-center gap-2 text-xs"
      data-testid="dividend-reminder"
    >
      <input type="hidden" name="actionId" value={actionId} />
      <input type="hidden" name="intent" value="remove" />
      <span role="status" className="font-medium text-emerald-800">
        {t(reminder.notifyEmail ? "remind.currentWithEmail" : "remind.current", {
          count: reminder.daysBefore,
        })}
      </span>
      <button
        type="submit"
        disabled={busy}
        className="rounded-md border border-slate-300 px-3 py-1 font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-60"
      >
        {t("remind.remove")}
      </button>
      {result && !result.ok ? (
        <span role="alert" className="text-red-700">
          {st(result.error)}
        </span>
      ) : null}
    </fetcher.Form>
  );
}

function NewReminder({
  actionId,
  form: { fetcher, formRef, busy, result },
}: {
  actionId: string;
  form: ReminderFetcher;
}) {
  const { t } = useTranslation("dividends");
  const st = useServerText();
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
      {result?.ok && result.removed ? (
        <span role="status" className="text-slate-600">
          {t("remind.removed")}
        </span>
      ) : result && !result.ok ? (
        <span role="alert" className="text-red-700">
          {st(result.error)}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
