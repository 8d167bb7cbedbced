import { useTranslation } from "react-i18next";
import { CURRENCY_NAMES_AR } from "#common/calendar-glossary-ar";
import type { InstrumentFacts } from "#server/search/types";
import "~/locales/calendar";
import "~/locales/market";

/**
 * An instrument search result named in Arabic on Arabic pages: "2222 — أرامكو السعودية" and its
 * category, country, exchange, sector and currency from the catalogs (the indexed text is
 * English). A fact without an Arabic name stays English, marked lang="en".
 */

interface Part {
  text: string;
  lang?: "en";
}

function useArabicFacts(facts: InstrumentFacts): Part[] {
  const { t, i18n } = useTranslation("market");
  const known = (key: string, ns = "market") => i18n.exists(key, { ns, lng: "ar" });
  const part = (key: string | null, english: string | undefined, ns = "market"): Part | null => {
    if (!english) return null;
    return key && known(key, ns) ? { text: t(key, { ns }) } : { text: english, lang: "en" };
  };
  return [
    facts.category ? part(`categories.${facts.category}`, facts.category) : null,
    part(facts.country ? `countries.${facts.country}` : null, facts.country, "calendar"),
    part(facts.exchange ? `exchangeNames.${facts.exchange}` : null, facts.exchange),
    part(facts.sector ? `sectors.${facts.sector}` : null, facts.sector),
    facts.currency && CURRENCY_NAMES_AR[facts.currency] ? { text: CURRENCY_NAMES_AR[facts.currency]! } : null,
  ].filter((p): p is Part => p !== null);
}

export function ArabicInstrumentTitle({ facts }: { facts: InstrumentFacts }) {
  return (
    <>
      <bdi dir="ltr">{facts.symbol}</bdi>
      {" — "}
      {facts.nameAr ? (
        <bdi>{facts.nameAr}</bdi>
      ) : (
        <bdi lang="en" dir="ltr">
          {facts.name}
        </bdi>
      )}
    </>
  );
}

export function ArabicInstrumentFacts({ facts }: { facts: InstrumentFacts }) {
  const parts = useArabicFacts(facts);
  return (
    <p className="mt-1 text-sm text-slate-700" data-testid="instrument-facts">
      {parts.map((p, i) => (
        <span key={`${i}:${p.text}`}>
          {i > 0 ? " · " : null}
          {p.lang ? (
            <bdi lang={p.lang} dir="ltr">
              {p.text}
            </bdi>
          ) : (
            p.text
          )}
        </span>
      ))}
    </p>
  );
}
