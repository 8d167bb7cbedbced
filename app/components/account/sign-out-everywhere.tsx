import { LogOut } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { buttonClass } from "~/components/forms/field";
import { useLocalePath } from "~/components/link";
import "~/locales/sessions";

/**
 * Ends every session of the account, on every device, within a second (server/auth/sessions.ts):
 * the same global sign-out as the user menu's Sign Out, offered where people look for it.
 */
export function SignOutEverywhere() {
  const { t } = useTranslation("sessions");
  const localized = useLocalePath();
  return (
    <section
      aria-labelledby="sessions-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6"
    >
      <h2 id="sessions-heading" className="flex items-center gap-2 text-xl font-semibold text-brand-900">
        <LogOut className="size-5 shrink-0" aria-hidden />
        {t("heading")}
      </h2>
      <p className="mt-2 text-slate-700">{t("intro")}</p>
      <Form method="post" action={localized("/auth/sign-out")} className="mt-4">
        <button type="submit" className={buttonClass}>
          {t("signOutEverywhere")}
        </button>
      </Form>
    </section>
  );
}
