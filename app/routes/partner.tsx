import { BarChart3, Check, Headphones, ShieldCheck, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Page } from "~/components/layout/page";
import { PartnerForm } from "~/components/site-forms/partner-form";
import { metaText } from "~/lib/meta-text";
import { pageMeta } from "~/lib/seo";
import { siteFormAction } from "~/lib/server/site-form-action.server";
import type { Route } from "./+types/partner";
import "~/locales/forms";

const BENEFITS = [
  { key: "audience", Icon: Users },
  { key: "trust", Icon: ShieldCheck },
  { key: "growth", Icon: BarChart3 },
  { key: "support", Icon: Headphones },
] as const;
const STATS = ["users", "brokers", "updates", "countries"] as const;

export async function action(args: Route.ActionArgs) {
  return siteFormAction("partnership", args);
}

/** Partner: benefits, offer list, stats and the application form. */
export default function PartnerPage() {
  const { t } = useTranslation("forms");
  const offers = t("partner.offers", { returnObjects: true }) as string[];
  return (
    <Page title={t("partner.title")} subtitle={t("partner.subtitle")}>
      <section aria-labelledby="partner-benefits">
        <h2 id="partner-benefits" className="text-2xl font-bold text-slate-900">
          {t("partner.benefitsTitle")}
        </h2>
        <div className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map(({ key, Icon }) => (
            <article key={key} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <Icon aria-hidden className="size-8 text-brand-600" />
              <h3 className="mt-3 text-lg font-semibold text-slate-900">
                {t(`partner.benefits.${key}.title`)}
              </h3>
              <p className="mt-2 text-sm text-slate-600">{t(`partner.benefits.${key}.text`)}</p>
            </article>
          ))}
        </div>
      </section>

      <section aria-labelledby="partner-stats" className="mt-12">
        <h2 id="partner-stats" className="sr-only">
          {t("partner.statsTitle")}
        </h2>
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {STATS.map((key) => (
            <div
              key={key}
              className="flex flex-col-reverse rounded-xl bg-brand-900 p-6 text-center text-white"
            >
              <dt className="mt-1 text-sm text-slate-300">{t(`partner.stats.${key}.label`)}</dt>
              <dd className="text-3xl font-bold text-gold-400">{t(`partner.stats.${key}.value`)}</dd>
            </div>
          ))}
        </dl>
      </section>

      <div className="mt-12 grid gap-8 lg:grid-cols-[1fr_2fr]">
        <section aria-labelledby="partner-offer">
          <h2 id="partner-offer" className="text-2xl font-bold text-slate-900">
            {t("partner.offerTitle")}
          </h2>
          <ul className="mt-4 flex flex-col gap-3">
            {offers.map((offer) => (
              <li key={offer} className="flex gap-2 text-slate-700">
                <Check aria-hidden className="mt-0.5 size-5 shrink-0 text-emerald-600" />
                {offer}
              </li>
            ))}
          </ul>
        </section>
        <PartnerForm />
      </div>
    </Page>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    ...metaText(matches, "partner"),
    path: "/partner",
  });
