import { Award, Globe, ShieldCheck, Target } from "lucide-react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/forms/field";
import { Page } from "~/components/layout/page";
import { Link } from "~/components/link";
import { metaText } from "~/lib/meta-text";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/about";
import "~/locales/company";

const STATS = ["users", "brokers", "updates", "countries"] as const;
const VALUES = [
  { key: "accuracy", Icon: Target },
  { key: "trust", Icon: ShieldCheck },
  { key: "regional", Icon: Globe },
  { key: "excellence", Icon: Award },
] as const;

/** About: mission; stats; four values. */
export default function AboutPage() {
  const { t } = useTranslation("company");
  const mission = t("about.mission", { returnObjects: true }) as string[];
  return (
    <Page title={t("about.title")} subtitle={t("about.subtitle")}>
      <section aria-labelledby="mission-heading" className="max-w-3xl">
        <h2 id="mission-heading" className="text-2xl font-bold text-slate-900">
          {t("about.missionTitle")}
        </h2>
        {mission.map((p) => (
          <p key={p} className="mt-3 text-lg leading-relaxed text-slate-700">
            {p}
          </p>
        ))}
      </section>

      <section aria-labelledby="stats-heading" className="mt-12">
        <h2 id="stats-heading" className="sr-only">
          {t("about.statsTitle")}
        </h2>
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {STATS.map((key) => (
            <div
              key={key}
              className="flex flex-col-reverse rounded-xl bg-brand-900 p-6 text-center text-white shadow-sm"
            >
              <dt className="mt-1 text-sm text-slate-300">{t(`about.stats.${key}.label`)}</dt>
              <dd className="text-3xl font-bold text-gold-400 sm:text-4xl">
                {t(`about.stats.${key}.value`)}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="values-heading" className="mt-12">
        <h2 id="values-heading" className="text-2xl font-bold text-slate-900">
          {t("about.valuesTitle")}
        </h2>
        <div className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map(({ key, Icon }) => (
            <article key={key} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <Icon aria-hidden className="size-8 text-brand-600" />
              <h3 className="mt-3 text-lg font-semibold text-slate-900">{t(`about.values.${key}.title`)}</h3>
              <p className="mt-2 text-sm text-slate-600">{t(`about.values.${key}.text`)}</p>
            </article>
          ))}
        </div>
      </section>

      <div className="mt-12 flex flex-wrap gap-4">
        <Link to="/contact" className={buttonClass}>
          {t("about.contactCta")}
        </Link>
        <Link
          to="/partner"
          className="inline-flex items-center rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50"
        >
          {t("about.partnerCta")}
        </Link>
      </div>
    </Page>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    ...metaText(matches, "about"),
    path: "/about",
  });
