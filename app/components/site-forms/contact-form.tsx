import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { CONTACT_SUBJECTS, contactSchema } from "#common/site-forms-schema";
import { EmailField, NameField, SelectField, TextareaField } from "~/components/forms/field";
import { SiteFormFrame } from "./form-frame";
import "~/locales/forms";

/** Longest broker name taken from the link, so a crafted URL cannot fill the message. */
const MAX_BROKER_NAME = 120;

/**
 * The contact form: name, email, subject, message (all required). A blacklisted broker's
 * 'Report Issue' links here with ?broker=<name>: the form opens on Support with the message
 * started and focused, ready to describe the issue.
 */
export function ContactForm() {
  const { t } = useTranslation("forms");
  const [params] = useSearchParams();
  const broker = params.get("broker")?.trim().slice(0, MAX_BROKER_NAME) || null;
  return (
    <SiteFormFrame
      page="contact"
      action="/contact"
      schema={contactSchema}
      title={t("contact.formTitle")}
      submitLabel={t("contact.send")}
      busyLabel={t("contact.sending")}
    >
      {(error) => (
        <>
          <NameField name="name" label={t("contact.name")} error={error("name")} />
          <EmailField label={t("contact.emailLabel")} error={error("email")} />
          <SelectField
            className="sm:col-span-2"
            label={t("contact.subject")}
            name="subject"
            defaultValue={broker ? "support" : "general"}
            options={CONTACT_SUBJECTS.map((s) => ({ value: s, label: t(`contact.subjects.${s}`) }))}
            error={error("subject")}
          />
          <TextareaField
            className="sm:col-span-2"
            label={t("contact.message")}
            name="message"
            maxLength={5_000}
            error={error("message")}
            defaultValue={broker ? t("contact.reportPrefill", { broker }) : undefined}
            autoFocus={Boolean(broker)}
          />
        </>
      )}
    </SiteFormFrame>
  );
}
