import { useTranslation } from "react-i18next";
import { COUNTRIES, PARTNERSHIP_TYPES, partnershipSchema } from "#common/site-forms-schema";
import {
  EmailField,
  Field,
  NameField,
  PhoneField,
  SelectField,
  TextareaField,
} from "~/components/forms/field";
import { SiteFormFrame } from "./form-frame";
import "~/locales/forms";

const asOptions = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

/** The partnership form: every field required. */
export function PartnerForm() {
  const { t } = useTranslation("forms");
  return (
    <SiteFormFrame
      page="partner"
      action="/partner"
      schema={partnershipSchema}
      title={t("partner.formTitle")}
      intro={t("partner.formIntro")}
      submitLabel={t("partner.submit")}
      busyLabel={t("partner.submitting")}
    >
      {(error) => (
        <>
          <Field
            label={t("partner.companyName")}
            name="companyName"
            autoComplete="organization"
            maxLength={200}
            error={error("companyName")}
          />
          <NameField name="contactName" label={t("partner.contactName")} error={error("contactName")} />
          <EmailField label={t("partner.email")} error={error("email")} />
          <PhoneField label={t("partner.phone")} error={error("phone")} />
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
        </>
      )}
    </SiteFormFrame>
  );
}
