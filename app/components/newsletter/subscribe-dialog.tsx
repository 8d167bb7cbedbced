import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { FREQUENCIES, MODAL_CLOSE_DELAY_MS, subscribeSchema } from "#common/newsletter-schema";
import {
  buttonClass,
  EmailField,
  Field,
  FormMessage,
  Honeypot,
  NameField,
  SelectField,
  TextareaField,
} from "~/components/forms/field";
import { useForm } from "~/components/forms/use-form";
import "~/locales/newsletter";

export type SubscribeSource = "full" | "community";

const SUBSCRIBE_ACTION = "/api/newsletter/subscribe";

/**
 * The newsletter modal: open, submitting ('Subscribing...'), then success (message shown,
 * form cleared, the modal closes after 3 s, or 2 s for the community form) or an error.
 */
export function SubscribeDialog({
  source,
  open,
  onOpenChange,
}: {
  source: SubscribeSource;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("newsletter");
  const full = source === "full";
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[92vh] w-[min(32rem,94vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-2xl focus:outline-none">
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-xl font-bold text-brand-900">
                {full ? t("modal.fullTitle") : t("modal.communityTitle")}
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-slate-600">
                {full ? t("modal.fullDescription") : t("modal.communityDescription")}
              </Dialog.Description>
            </div>
            <Dialog.Close
              className="rounded p-1.5 text-slate-500 hover:bg-slate-100"
              aria-label={t("modal.close")}
            >
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          <SubscribeForm source={source} onDone={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Lives inside the dialog's content, so closing the dialog discards its state and timer. */
function SubscribeForm({ source, onDone }: { source: SubscribeSource; onDone: () => void }) {
  const { t } = useTranslation("newsletter");
  const form = useForm({ schema: subscribeSchema });
  const { busy, result, fields } = form;
  const doneRef = useRef(onDone);
  doneRef.current = onDone;
  const full = source === "full";

  // The modal closes a moment after a successful signup (the form is cleared at once).
  useEffect(() => {
    if (!result?.ok) return;
    const timer = setTimeout(() => doneRef.current(), MODAL_CLOSE_DELAY_MS[source]);
    return () => clearTimeout(timer);
  }, [result, source]);

  const error = (name: string) => (fields[name] ? t(`errors.${fields[name]}`) : undefined);

  return (
    <form
      ref={form.formRef}
      method="post"
      action={SUBSCRIBE_ACTION}
      noValidate
      onSubmit={form.send}
      className="relative mt-5"
    >
      <input type="hidden" name="source" value={source} />
      <fieldset disabled={busy} className="flex flex-col gap-4">
        <NameField label={t("modal.fullName")} error={error("fullName")} />
        <EmailField label={t("modal.email")} error={error("email")} />
        {full ? (
          <>
            <Field
              label={t("modal.company")}
              name="company"
              autoComplete="organization"
              maxLength={200}
              error={error("company")}
            />
            <TextareaField
              label={t("modal.interests")}
              name="interests"
              rows={2}
              maxLength={500}
              placeholder={t("modal.interestsPlaceholder")}
              error={error("interests")}
            />
            <SelectField
              label={t("modal.frequency")}
              name="frequency"
              defaultValue="weekly"
              options={FREQUENCIES.map((f) => ({ value: f, label: t(`modal.frequencies.${f}`) }))}
              error={error("frequency")}
            />
          </>
        ) : null}
        <Honeypot />
        {result?.ok ? (
          <FormMessage kind="success">
            {full ? t("modal.fullSuccess") : t("modal.communitySuccess")}
          </FormMessage>
        ) : null}
        {result && !result.ok && result.error !== "validation" ? (
          <FormMessage kind="error">
            {t(`errors.${result.error}`, { defaultValue: t("errors.failed") })}
          </FormMessage>
        ) : null}
        <button type="submit" className={buttonClass}>
          {busy ? t("modal.submitting") : full ? t("modal.subscribe") : t("modal.join")}
        </button>
        <p className="text-center text-xs text-slate-500">{t("modal.privacy")}</p>
      </fieldset>
    </form>
  );
}
