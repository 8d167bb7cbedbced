import { useTranslation } from "react-i18next";
import {
  accessSchema,
  COUNTRIES,
  INVESTMENT_AMOUNTS,
  PREFERRED_MARKETS,
  RISK_TOLERANCE,
  TRADING_EXPERIENCE,
} from "#common/site-forms-schema";
import { EmailField, NameField, PhoneField, SelectField, TextareaField } from "~/components/forms/field";
import { SiteFormFrame } from "./form-frame";
import "~/locales/forms";

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
  return (
    <SiteFormFrame
      page="access"
      action="/live-markets"
      schema={accessSchema}
      title={t("access.formTitle")}
      intro={t("access.formIntro")}
      submitLabel={t("access.submit")}
      busyLabel={t("access.submitting")}
    >
      {(error) => (
        <>
          <NameField label={t("access.fullName")} error={error("fullName")} />
          <EmailField label={t("access.email")} error={error("email")} />
          <PhoneField label={t("access.phone")} error={error("phone")} />
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
        </>
      )}
    </SiteFormFrame>
  );
}
