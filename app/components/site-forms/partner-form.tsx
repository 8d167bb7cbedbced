import { useTranslation } from "react-i18next";
import { COUNTRIES, PARTNERSHIP_TYPES, partnershipSchema } from "#common/forms-schema";
import { Field, SelectField, TextareaField } from "~/components/forms/field";
import { SiteFormFrame, useFieldError } from "./form-frame";
import { useSiteForm } from "./use-site-form";

const asOptions = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

/** The partnership form: every field required. */
export function PartnerForm() {
  const { t } = useTranslation("forms");
  const form = useSiteForm(partnershipSchema);
  const error = useFieldError(form.fields);
  return (
    <SiteFormFrame
      page="partner"
      action="/partner"
      form={form}
      title={t("partner.formTitle")}
      intro={t("partner.formIntro")}
      submitLabel={t("partner.submit")}
      busyLabel={t("partner.submitting")}
    >
      <Field
        label={t("partner.companyName")}
        name="companyName"
        autoComplete="organization"
        maxLength={200}
        error={error("companyName")}
      />
      <Field
        label={t("partner.contactName")}
        name="contactName"
        autoComplete="name"
        maxLength={120}
        error={error("contactName")}
      />
      <Field
        label={t("partner.email")}
        name="email"
        type="email"
        autoComplete="email"
        maxLength={254}
        error={error("email")}
      />
      <Field
        label={t("partner.phone")}
        name="phone"
        type="tel"
        autoComplete="tel"
        maxLength={40}
        error={error("phone")}
      />
      <SelectField
        label={t("partner.country")}
        name="country"
        placeholder={t("common.select")}
        defaultValue=""
        options={asOptions(COUNTRIES)}
        error={error("country")}
      />
      <SelectField
        label={t("partner.partnershipType")}
        name="partnershipType"
        placeholder={t("common.select")}
        defaultValue=""
        options={asOptions(PARTNERSHIP_TYPES)}
        error={error("partnershipType")}
      />
      <TextareaField
        className="sm:col-span-2"
        label={t("partner.description")}
        name="description"
        maxLength={5_000}
        error={error("description")}
      />
    </SiteFormFrame>
  );
}
