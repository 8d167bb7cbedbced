import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { buttonClass, FormMessage, Honeypot } from "~/components/forms/field";
import { useLocalePath } from "~/components/link";
import { useSiteForm } from "./use-site-form";
import "~/locales/forms";

const COMMON_MESSAGES = new Set(["validation", "invalidEmail", "tooLong", "invalidOption", "rateLimited"]);

/**
 * The frame every site form shares: heading, the outcome message, a fieldset disabled while
 * sending, the honeypot and the submit button. `page` is the i18n prefix (contact, partner...);
 * `children` gets the translated error of a field by its name.
 */
export function SiteFormFrame({
  page,
  action,
  schema,
  title,
  intro,
  submitLabel,
  busyLabel,
  children,
}: {
  page: "contact" | "partner" | "access";
  action: string;
  schema: z.ZodType;
  title: string;
  intro?: string;
  submitLabel: string;
  busyLabel: string;
  children: (error: (name: string) => string | undefined) => React.ReactNode;
}) {
  const { t } = useTranslation("forms");
  const localized = useLocalePath();
  const form = useSiteForm(schema);
  const { result, busy, fields } = form;
  const error = (name: string) => (fields[name] ? t(`common.fieldErrors.${fields[name]}`) : undefined);
  const headingId = `${page}-form-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-sm text-slate-600">{intro}</p> : null}
      <div className="mt-4 empty:hidden">
        {result?.ok ? <FormMessage kind="success">{t(`${page}.success`)}</FormMessage> : null}
        {result && !result.ok ? (
          <FormMessage kind="error">
            {COMMON_MESSAGES.has(result.error) ? t(`common.messages.${result.error}`) : t(`${page}.failed`)}
          </FormMessage>
        ) : null}
      </div>
      <form.Form
        method="post"
        action={localized(action)}
        noValidate
        ref={form.formRef}
        onSubmit={form.onSubmit}
        className="relative mt-4"
      >
        <fieldset disabled={busy} className="grid gap-4 sm:grid-cols-2">
          {children(error)}
          <Honeypot />
          <div className="sm:col-span-2">
            <button type="submit" className={buttonClass}>
              {busy ? busyLabel : submitLabel}
            </button>
          </div>
        </fieldset>
      </form.Form>
    </section>
  );
}
