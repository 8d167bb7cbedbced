import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ContactForm } from "~/components/site-forms/contact-form";
import { siteFormAction } from "~/components/site-forms/action.server";
import { Page } from "~/components/layout/page";
import { services } from "~/lib/auth.server";
import type { Route } from "./+types/contact";

const DEFAULT_CONTACT_EMAIL = "info@gulfpulse.com";

export async function loader({ context }: Route.LoaderArgs) {
  const configured = services(context).settings.get<string>("contactEmail", "");
  return { contactEmail: configured || DEFAULT_CONTACT_EMAIL };
}

export async function action(args: Route.ActionArgs) {
  return siteFormAction("contact", args);
}

/** Spec §2 Contact: contact details, business hours and a message form. */
export default function ContactPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("forms");
  const details = [
    {
      Icon: Mail,
      label: t("contact.email"),
      value: (
        <a href={`mailto:${loaderData.contactEmail}`} className="text-brand-600 hover:underline">
          {loaderData.contactEmail}
        </a>
      ),
    },
    { Icon: Phone, label: t("contact.phone"), value: t("contact.phoneValue") },
    { Icon: MapPin, label: t("contact.address"), value: t("contact.addressValue") },
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
                <div key={label} className="flex gap-3">
                  <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-gold-400" />
                  <div>
                    <dt className="text-sm text-slate-300">{label}</dt>
                    <dd className="font-medium [&_a]:text-white">{value}</dd>
                  </div>
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
              <div className="flex justify-between gap-4">
                <dt className="text-slate-600">{t("contact.hoursWeek")}</dt>
                <dd className="whitespace-nowrap font-medium text-slate-900">
                  {t("contact.hoursWeekValue")}
                </dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-slate-600">{t("contact.hoursWeekend")}</dt>
                <dd className="font-medium text-slate-900">{t("contact.hoursWeekendValue")}</dd>
              </div>
            </dl>
          </section>
        </div>
        <ContactForm />
      </div>
    </Page>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Contact Us — GulfPulse" },
  {
    name: "description",
    content: "Contact the GulfPulse team: questions, partnerships, support and feedback.",
  },
];
