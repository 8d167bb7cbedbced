import { useTranslation } from "react-i18next";
import { Link } from "~/components/link";
import { useRootData } from "~/lib/root-data";
import { DigitsSwitch } from "./digits-switch";

/** The footer shows copyright year 2024, a fixed text, not the current year. */
const COPYRIGHT_YEAR = 2024;

export function Footer() {
  const { t } = useTranslation();
  const site = useRootData()?.site;
  const siteName = site?.name ?? "GulfPulse";
  const col = "flex flex-col gap-2 text-sm";
  const link = "text-slate-300 hover:text-white";
  return (
    <footer className="mt-16 bg-brand-900 text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{siteName}</p>
          <p className="text-sm text-gold-400">{site?.tagline}</p>
          <p className="mt-3 text-sm text-slate-400">{t("footer.about")}</p>
        </div>
        <nav className={col} aria-label={t("footer.markets")}>
          <p className="font-semibold text-white">{t("footer.markets")}</p>
          <Link className={link} to="/#markets">
            {t("nav.liveMarkets")}
          </Link>
          <Link className={link} to="/news-analytics">
            {t("nav.newsAnalytics")}
          </Link>
          <Link className={link} to="/price-alerts">
            {t("nav.priceAlerts")}
          </Link>
          <Link className={link} to="/dividends">
            {t("nav.dividends")}
          </Link>
          <Link className={link} to="/live-markets">
            {t("footer.liveMarketAccess")}
          </Link>
        </nav>
        <nav className={col} aria-label={t("footer.company")}>
          <p className="font-semibold text-white">{t("footer.company")}</p>
          <Link className={link} to="/about">
            {t("nav.about")}
          </Link>
          <Link className={link} to="/contact">
            {t("nav.contact")}
          </Link>
          <Link className={link} to="/partner">
            {t("footer.partner")}
          </Link>
          <Link className={link} to="/search">
            {t("nav.search")}
          </Link>
        </nav>
        <nav className={col} aria-label={t("footer.legal")}>
          <p className="font-semibold text-white">{t("footer.legal")}</p>
          <Link className={link} to="/privacy-policy">
            {t("footer.privacy")}
          </Link>
          <Link className={link} to="/terms-of-service">
            {t("footer.terms")}
          </Link>
          <Link className={link} to="/disclaimer">
            {t("footer.disclaimer")}
          </Link>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-4 text-xs text-slate-400 sm:flex-row sm:items-center sm:justify-between">
          <p>{t("footer.copyright", { year: COPYRIGHT_YEAR, siteName })}</p>
          <p>{t("footer.risk")}</p>
          <DigitsSwitch />
        </div>
      </div>
    </footer>
  );
}
