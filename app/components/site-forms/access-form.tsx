import { useTranslation } from "react-i18next";
import {
  accessSchema,
  COUNTRIES,
  INVESTMENT_AMOUNTS,
  PREFERRED_MARKETS,
  RISK_TOLERANCE,
  TRADING_EXPERIENCE,
} from "#common/forms-schema";
import { Field, SelectField, TextareaField } from "~/components/forms/field";
import { SiteFormFrame, useFieldError } from "./form-frame";
import { useSiteForm } from "./use-site-form";

const asOptions = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

const SELECTS = [
  ["country", COUNTRIES],
  ["tradingExperience", TRADING_EXPERIENCE],
  ["preferredMarkets", PREFERRED_MARKETS],
  ["investmentAmount", INVESTMENT_AMOUNTS],
  ["riskTolerance", RISK_TOLERANCE],
] as const;

/** The access request form: every field required except additionalInfo. */
export function AccessForm() {
  const { t } = useTranslation("forms");
  const form = useSiteForm(accessSchema);
  const error = useFieldError(form.fields);
  return (
    <SiteFormFrame
      page="access"
      action="/live-markets"
      form={form}
      title={t("access.formTitle")}
      intro={t("access.formIntro")}
      submitLabel={t("access.submit")}
      busyLabel={t("access.submitting")}
    >
      <Field
        label={t("access.fullName")}
        name="fullName"
        autoComplete="name"
        maxLength={120}
        error={error("fullName")}
      />
      <Field
        label={t("access.email")}
        name="email"
        type="email"
        autoComplete="email"
        maxLength={254}
        error={error("email")}
      />
      <Field
        label={t("access.phone")}
        name="phone"
        type="tel"
        autoComplete="tel"
        maxLength={40}
        error={error("phone")}
      />
      {SELECTS.map(([name, values]) => (
        <SelectField
          key={name}
          label={t(`access.${name}`)}
          name={name}
          placeholder={t("common.select")}
          defaultValue=""
          options={asOptions(values)}
          error={error(name)}
        />
      ))}
      <TextareaField
        className="sm:col-span-2"
        label={t("access.additionalInfo")}
        name="additionalInfo"
        maxLength={2_000}
        error={error("additionalInfo")}
      />
    </SiteFormFrame>
  );
}
