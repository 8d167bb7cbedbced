import { Handshake } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Broker } from "#server/content/types";
import { BrokerCard } from "~/components/content/broker-card";
import { Link } from "~/components/link";
import "~/locales/content";

/**
 * On the home page: four recommended broker cards and an 'Apply for Partnership' call to
 * action (/partner). Data: `services.content.home()` (its `brokers`).
 */
export function RecommendedBrokers({ brokers }: { brokers: Broker[] }) {
  const { t } = useTranslation("content");
  return (
    <section aria-labelledby="home-brokers-heading" className="mx-auto max-w-7xl px-4 py-12">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="home-brokers-heading" className="text-3xl font-bold text-slate-900">
            {t("home.brokersTitle")}
          </h2>
          <p className="mt-1 text-slate-600">{t("home.brokersSubtitle")}</p>
        </div>
        <Link to="/brokers/recommended" className="text-sm font-semibold text-brand-600 hover:underline">
          {t("home.allBrokers")}{" "}
          <span aria-hidden className="inline-block rtl:-scale-x-100">
            →
          </span>
        </Link>
      </div>
      <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {brokers.slice(0, 4).map((b) => (
          <BrokerCard key={b.id} broker={b} compact />
        ))}
      </div>
      <div className="mt-8 flex flex-col items-start gap-4 rounded-xl bg-gradient-to-r from-brand-900 rtl:bg-gradient-to-l to-brand-700 p-6 text-white sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-3">
          <Handshake aria-hidden className="size-8 shrink-0 text-gold-400" />
          <div>
            <p className="text-lg font-bold">{t("home.partnerTitle")}</p>
            <p className="text-sm text-slate-200">{t("home.partnerText")}</p>
          </div>
        </div>
        <Link
          to="/partner"
          className="inline-flex items-center rounded-md bg-gold-400 px-5 py-2.5 font-semibold text-brand-900 shadow-sm hover:bg-gold-500"
        >
          {t("home.applyPartnership")}
        </Link>
      </div>
    </section>
  );
}
