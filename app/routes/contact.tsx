import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { useTranslation } from "react-i18next";
import { SETTING_FALLBACKS } from "#common/admin/settings";
import { Page } from "~/components/layout/page";
import { ContactForm } from "~/components/site-forms/contact-form";
import { services } from "~/lib/auth.server";
import { metaText } from "~/lib/meta-text";
import { pageMeta } from "~/lib/seo";
import { siteFormAction } from "~/lib/server/site-form-action.server";
import type { Route } from "./+types/contact";
import "~/locales/forms";

const DEFAULT_CONTACT_EMAIL = "info@gulfpulse.com";

/** Contact details an admin set in Settings; empty ones fall back to the catalog's defaults. */
export async function loader({ context }: Route.LoaderArgs) {
  const settings = services(context).settings;
  const read = (key: keyof typeof SETTING_FALLBACKS) =>
    String(settings.get<string>(key, String(SETTING_FALLBACKS[key])) ?? "").trim();
  const hours = read("businessHours");
  return {
    contactEmail: read("contactEmail") || DEFAULT_CONTACT_EMAIL,
    phone: read("contactPhone") || null,
    address: read("contactAddress") || null,
    // The default hours unless an admin wrote others (one "Days: hours" per line).
    customHours:
      hours && hours !== SETTING_FALLBACKS.businessHours
        ? hours.split("\n").map((line) => {
            const [days, ...rest] = line.split(":");
            return { days: days!.trim(), hours: rest.join(":").trim() };
          })
        : null,
  };
}

export async function action(args: Route.ActionArgs) {
  return siteFormAction("contact", args);
}

/** Contact: contact details, business hours and a message form. */
export default function ContactPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("forms");
  const details = [
    {
      Icon: Mail,
      label: t("contact.email"),
      value: (
        <a
          href={`mailto:${loaderData.contactEmail}`}
          className="text-white underline-offset-2 hover:underline"
        >
          {loaderData.contactEmail}
        </a>
      ),
    },
    { Icon: Phone, label: t("contact.phone"), value: loaderData.phone ?? t("contact.phoneValue") },
    { Icon: MapPin, label: t("contact.address"), value: loaderData.address ?? t("contact.addressValue") },
  ];
  return (
    <Page title={t("contact.title")} subtitle={t("contact.subtitle")}>
      <div className="grid gap-8 lg:grid-cols-[1fr_2fr]">
        <div className="flex flex-col gap-6">
          <section
            aria-labelledby="contact-details"
            className="rounded-xl bg-brand-900 p-6 text-white shadow-sm"
          >
            <h2 id="contact-details" className="text-xl font-bold">
              {t("contact.detailsTitle")}
            </h2>
            <dl className="mt-4 flex flex-col gap-4">
              {details.map(({ Icon, label, value }) => (
                // A dl may only hold dt/dd groups: the icon sits inside the term, indented text below.
                <div key={label}>
                  <dt className="flex items-center gap-3 text-sm text-slate-300">
                    <Icon aria-hidden className="size-5 shrink-0 text-gold-400" />
                    {label}
                  </dt>
                  <dd className="ps-8 font-medium">{value}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section
            aria-labelledby="business-hours"
            className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <h2 id="business-hours" className="flex items-center gap-2 text-xl font-bold text-slate-900">
              <Clock aria-hidden className="size-5 text-brand-600" />
              {t("contact.hoursTitle")}
            </h2>
            <dl className="mt-4 flex flex-col gap-2 text-sm">
              {(
                loaderData.customHours ?? [
                  { days: t("contact.hoursWeek"), hours: t("contact.hoursWeekValue") },
                  { days: t("contact.hoursWeekend"), hours: t("contact.hoursWeekendValue") },
                ]
              ).map((row) => (
                <div key={row.days} className="flex justify-between gap-4">
                  <dt className="text-slate-600">{row.days}</dt>
                  <dd className="whitespace-nowrap font-medium text-slate-900">{row.hours}</dd>
                </div>
              ))}
            </dl>
          </section>
        </div>
        <ContactForm />
      </div>
    </Page>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    ...metaText(matches, "contact"),
    path: "/contact",
  });
