import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Link, useLocalePath } from "~/components/link";
import { useRootData } from "~/lib/root-data";
import { ADMIN_LINKS, BROKER_LINKS, type NavLinkItem, NEWS_LINKS } from "./nav-links";

const mobileLink = "block rounded px-3 py-2 text-slate-100 hover:bg-white/10";

function Section({ title, links }: { title: string; links: NavLinkItem[] }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="px-3 pt-3 text-xs uppercase tracking-wide text-slate-400">{title}</p>
      {links.map((l) => (
        <Link key={l.to} to={l.to} className={mobileLink}>
          {t(l.key)}
        </Link>
      ))}
    </>
  );
}

/** The menu below 1024 px, opened by the header's button; `onClose` after following a page anchor. */
export function MobileMenu({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const root = useRootData();
  const localized = useLocalePath();
  return (
    <nav id="mobile-menu" className="border-t border-white/10 px-4 pb-4 lg:hidden" aria-label={t("nav.menu")}>
      <Link to="/" className={mobileLink}>
        {t("nav.home")}
      </Link>
      <Link to="/#markets" className={mobileLink} onClick={onClose}>
        {t("nav.liveMarkets")}
      </Link>
      <Link to="/markets" className={mobileLink}>
        {t("nav.markets")}
      </Link>
      <Section title={t("nav.news")} links={NEWS_LINKS} />
      <Section title={t("nav.brokers")} links={BROKER_LINKS} />
      <Link to="/about" className={mobileLink}>
        {t("nav.about")}
      </Link>
      <Link to="/contact" className={mobileLink}>
        {t("nav.contact")}
      </Link>
      {root?.isAdmin ? <Section title={t("nav.admin")} links={ADMIN_LINKS} /> : null}
      <div className="mt-3 border-t border-white/10 pt-3">
        {root?.user ? (
          <>
            <p className="px-3 py-1 text-sm text-slate-300">{root.user.email}</p>
            <Link to="/watchlists" className={mobileLink}>
              {t("nav.watchlists")}
            </Link>
            <Link to="/portfolio" className={mobileLink}>
              {t("nav.portfolio")}
            </Link>
            <Link to="/account" className={mobileLink}>
              {t("nav.accountSettings")}
            </Link>
            <Form method="post" action={localized("/auth/sign-out")}>
              <button type="submit" className={`${mobileLink} w-full text-start`}>
                {t("nav.signOut")}
              </button>
            </Form>
          </>
        ) : (
          <Link to="/auth" className={mobileLink}>
            {t("nav.signIn")}
          </Link>
        )}
      </div>
    </nav>
  );
}
