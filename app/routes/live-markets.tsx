import { Bell, CandlestickChart, Headphones, Newspaper, Star, Zap } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Page } from "~/components/layout/page";
import { Link } from "~/components/link";
import { AccessForm } from "~/components/site-forms/access-form";
import { metaText } from "~/lib/meta-text";
import { pageMeta } from "~/lib/seo";
import { siteFormAction } from "~/lib/server/site-form-action.server";
import type { Route } from "./+types/live-markets";
import "~/locales/forms";
import "~/locales/watchlists";

const FEATURES = [
  { key: "realtime", Icon: Zap },
  { key: "charts", Icon: CandlestickChart },
  { key: "alerts", Icon: Bell },
  { key: "analysis", Icon: Newspaper },
  { key: "support", Icon: Headphones },
] as const;

export async function action(args: Route.ActionArgs) {
  return siteFormAction("access", args);
}

/** Live Market Access: features and an access-request form. */
export default function LiveMarketsPage() {
  const { t } = useTranslation("forms");
  const { t: tw } = useTranslation("watchlists");
  return (
    <Page title={t("access.title")} subtitle={t("access.subtitle")}>
      <div className="grid gap-8 lg:grid-cols-[1fr_2fr]">
        <section aria-labelledby="access-features">
          <h2 id="access-features" className="text-2xl font-bold text-slate-900">
            {t("access.featuresTitle")}
          </h2>
          <ul className="mt-4 flex flex-col gap-4">
            {FEATURES.map(({ key, Icon }) => (
              <li key={key} className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <Icon aria-hidden className="mt-0.5 size-6 shrink-0 text-brand-600" />
                <div>
                  <h3 className="font-semibold text-slate-900">{t(`access.features.${key}.title`)}</h3>
                  <p className="mt-1 text-sm text-slate-600">{t(`access.features.${key}.text`)}</p>
                </div>
              </li>
            ))}
          </ul>
          <Link
            to="/watchlists"
            className="mt-4 flex items-center gap-2 rounded-xl border border-brand-100 bg-brand-50 p-4 font-semibold text-brand-900 shadow-sm hover:bg-brand-100"
          >
            <Star aria-hidden className="size-5 shrink-0" />
            {tw("link")}
          </Link>
        </section>
        <AccessForm />
      </div>
    </Page>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    ...metaText(matches, "liveMarkets"),
    path: "/live-markets",
  });
