import { ExternalLink, ShieldCheck, Star } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Broker } from "#server/content/types";
import { NameText } from "~/components/i18n/language-label";
import { useLang } from "~/lib/locale";
import { useFormat } from "~/lib/use-format";
import { LabelText } from "./badges";
import { localized } from "./localized";
import "~/locales/content";

/** Five stars filled to the rating (out of 5). */
function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation("content");
  const f = useFormat();
  return (
    <span
      className="inline-flex items-center gap-1"
      role="img"
      aria-label={t("brokers.ratingLabel", { rating: f.target(rating) })}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden
          className={`size-4 ${rating >= n - 0.25 ? "fill-gold-400 text-gold-500" : "text-slate-300"}`}
        />
      ))}
    </span>
  );
}

function VisitBrokerLink({ broker, className = "" }: { broker: Broker; className?: string }) {
  const { t } = useTranslation("content");
  if (!broker.url) return null;
  return (
    <a
      href={broker.url}
      target="_blank"
      // A partner link: sponsored, and the broker learns nothing about the page it came from.
      rel="sponsored noopener noreferrer"
      aria-label={t("brokers.visitLabel", { name: broker.name })}
      className={`inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 px-4 py-2 font-semibold text-white shadow-sm hover:bg-brand-600 ${className}`}
    >
      {t("brokers.visit")}
      <ExternalLink aria-hidden className="size-4" />
    </a>
  );
}

/** A recommended broker: name, rating out of 5, regulators, minimum deposit, spread, features. */
export function BrokerCard({ broker, compact = false }: { broker: Broker; compact?: boolean }) {
  const { t } = useTranslation("content");
  const f = useFormat();
  const description = localized(useLang(), broker.description, broker.descriptionAr);
  // Compact cards sit under a section heading (home); full ones directly under the page title.
  const Heading = compact ? "h3" : "h2";
  return (
    <article
      id={broker.slug}
      className="flex h-full scroll-mt-24 flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="broker-card"
    >
      <div className="flex items-start justify-between gap-3">
        <Heading className="text-lg font-bold text-slate-900">
          <NameText name={broker.name} />
        </Heading>
        <span className="shrink-0 rounded-md bg-gold-400/20 px-2 py-0.5 text-sm font-bold text-slate-900">
          {t("brokers.rating", { rating: f.fixed(broker.rating, 1) })}
        </span>
      </div>
      <Stars rating={broker.rating} />
      {!compact && description.text ? (
        <p dir="auto" className="mt-3 text-sm text-slate-600" {...description.attrs}>
          {description.text}
        </p>
      ) : null}
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
        <div className="col-span-2">
          <dt className="text-slate-500">{t("brokers.regulators")}</dt>
          <dd className="mt-0.5 flex flex-wrap gap-1.5">
            {broker.regulators.map((r) => (
              <span
                key={r}
                className="inline-flex items-center gap-1 rounded bg-emerald-50 px-2 py-0.5 font-medium text-emerald-800"
              >
                <ShieldCheck aria-hidden className="size-3.5" />
                <LabelText label={r} />
              </span>
            ))}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("brokers.minDeposit")}</dt>
          <dd className="font-semibold text-slate-900">{f.amountText(broker.minDeposit)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("brokers.spread")}</dt>
          <dd className="font-semibold text-slate-900">
            {/* Isolated, so an English "From 0.1 pips" keeps its order while the cell stays aligned. */}
            <bdi>
              <LabelText label={broker.spread} />
            </bdi>
          </dd>
        </div>
      </dl>
      {broker.features.length > 0 ? (
        <ul aria-label={t("brokers.features")} className="mt-4 flex flex-wrap gap-1.5">
          {broker.features.map((f) => (
            <li key={f} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700">
              <LabelText label={f} />
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-auto pt-5">
        <VisitBrokerLink broker={broker} className="w-full" />
      </div>
    </article>
  );
}
