import { BarChart3, BookOpen, CalendarDays, Newspaper } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "~/components/link";
import "~/locales/home";

const FEATURES = [
  { key: "news", icon: Newspaper },
  { key: "summaries", icon: BarChart3 },
  { key: "calendar", icon: CalendarDays },
  { key: "education", icon: BookOpen },
] as const;

/** On the home page: the Advanced News Analytics teaser, four feature cards and a link. */
export function AnalyticsTeaser() {
  const { t } = useTranslation("home");
  return (
    <section aria-labelledby="analytics-teaser" className="mx-auto max-w-7xl px-4 py-10">
      <div className="rounded-2xl bg-gradient-to-br from-brand-900 to-brand-700 p-6 text-white sm:p-10">
        <h2 id="analytics-teaser" className="text-2xl font-bold sm:text-3xl">
          {t("analytics.title")}
        </h2>
        <p className="mt-2 max-w-2xl text-slate-200">{t("analytics.subtitle")}</p>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ key, icon: Icon }) => (
            <li key={key} className="rounded-xl bg-white/10 p-4">
              <Icon className="size-6 text-gold-400" aria-hidden />
              <p className="mt-2 font-semibold">{t(`analytics.${key}.title`)}</p>
              <p className="mt-1 text-sm text-slate-200">{t(`analytics.${key}.body`)}</p>
            </li>
          ))}
        </ul>
        <Link
          to="/news-analytics"
          className="mt-6 inline-flex rounded-md bg-gold-500 px-5 py-2.5 font-semibold text-brand-900 hover:bg-gold-400"
        >
          {t("analytics.cta")}
        </Link>
      </div>
    </section>
  );
}
