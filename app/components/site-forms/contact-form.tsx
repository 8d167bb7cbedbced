import { useTranslation } from "react-i18next";
import { CONTACT_SUBJECTS, contactSchema } from "../../../common/forms-schema";
import { Field } from "~/components/forms/field";
import { SelectField, TextareaField } from "./controls";
import { SiteFormFrame, useFieldError } from "./form-frame";
import { useSiteForm } from "./use-site-form";

/** Spec §3 Contact form: name, email, subject, message (all required). */
export function ContactForm() {
  const { t } = useTranslation("forms");
  const form = useSiteForm(contactSchema, "/contact");
  const error = useFieldError(form.fields);
  return (
    <SiteFormFrame
      page="contact"
      action="/contact"
      form={form}
      title={t("contact.formTitle")}
      submitLabel={t("contact.send")}
      busyLabel={t("contact.sending")}
    >
      <Field
        label={t("contact.name")}
        name="name"
        autoComplete="name"
        maxLength={120}
        error={error("name")}
      />
      <Field
        label={t("contact.emailLabel")}
        name="email"
        type="email"
        autoComplete="email"
        maxLength={254}
        error={error("email")}
      />
      <SelectField
        className="sm:col-span-2"
        label={t("contact.subject")}
        name="subject"
        defaultValue="general"
        options={CONTACT_SUBJECTS.map((s) => ({ value: s, label: t(`contact.subjects.${s}`) }))}
        error={error("subject")}
      />
      <TextareaField
        className="sm:col-span-2"
        label={t("contact.message")}
        name="message"
        maxLength={5_000}
        error={error("message")}
      />
    </SiteFormFrame>
  );
}
