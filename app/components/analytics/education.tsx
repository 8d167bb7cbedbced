import { BarChart3, BookOpen, Coins, Droplet, Landmark, LineChart, ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { LabelText } from "~/components/content/badges";
import { localized } from "~/components/content/localized";
import { useLang } from "~/lib/locale";
import type { EducationView } from "./view";
import "~/locales/analytics";

const ICONS: Record<string, typeof BookOpen> = {
  "understanding-gulf-stock-markets": BarChart3,
  "currency-trading-in-the-gulf": Coins,
  "oil-market-impact": Droplet,
  "technical-analysis-basics": LineChart,
  "risk-management": ShieldCheck,
  "islamic-finance-principles": Landmark,
};

/** The Education tab: static cards in two sections. */
export function Education({ sections }: { sections: EducationView[] }) {
  const { t } = useTranslation("analytics");
  const lang = useLang();
  return (
    <section aria-labelledby="education-title">
      <h2 id="education-title" className="flex items-center gap-2 text-xl font-semibold">
        <BookOpen className="size-5 text-brand-600" aria-hidden />
        {t("education.heading")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("education.intro")}</p>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        {sections.map((section) => (
          <div key={section.section} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <h3 className="text-lg font-semibold text-slate-900">
              <LabelText label={section.section} />
            </h3>
            <ul className="mt-3 space-y-3">
              {section.cards.map((card) => {
                const Icon = ICONS[card.slug] ?? BookOpen;
                const title = localized(lang, card.title, card.titleAr);
                const body = localized(lang, card.body, card.bodyAr);
                return (
                  <li
                    key={card.slug}
                    data-testid="education-card"
                    className="flex gap-3 rounded-lg bg-slate-50 p-3"
                  >
                    <Icon className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden />
                    <div>
                      <h4 className="font-medium text-slate-900" {...title.attrs}>
                        {title.text}
                      </h4>
                      <p className="text-sm text-slate-600" {...body.attrs}>
                        {body.text}
                      </p>
                    </div>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
