import { ChevronDown, Menu, Search, Shield, User, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useLocation, useSubmit } from "react-router";
import { Link, NavLink, useLocalePath } from "~/components/link";
import { useRootData } from "~/lib/root-data";
import { HeaderExtras } from "./header-extras";
import { LanguageSwitch } from "./language-switch";
import { MenuAction, MenuButton, MenuLink } from "./menu-button";
import { ThemeToggle } from "./theme-toggle";

const NEWS_LINKS = [
  { to: "/news/economic", key: "nav.economicNews" },
  { to: "/news/breaking", key: "nav.breakingNews" },
  { to: "/news/central-bank", key: "nav.centralBankNews" },
];
const BROKER_LINKS = [
  { to: "/brokers/recommended", key: "nav.recommendedBrokers" },
  { to: "/brokers/analysis", key: "nav.brokersAnalysis" },
  { to: "/brokers/blacklisted", key: "nav.blacklistedBrokers" },
];
const ADMIN_LINKS = [
  { to: "/admin?tab=users", key: "nav.manageUsers" },
  { to: "/admin?tab=content", key: "nav.manageContent" },
  { to: "/admin?tab=newsletter", key: "nav.newsletterManagement" },
  { to: "/admin?tab=settings", key: "nav.siteSettings" },
];

function NavDropdown({
  label,
  links,
  icon,
}: {
  label: string;
  links: typeof NEWS_LINKS;
  icon?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <MenuButton
      buttonClassName="flex items-center gap-1 whitespace-nowrap rounded px-2 py-2 text-sm font-medium text-slate-100 hover:bg-white/10 xl:px-3"
      buttonContent={
        <>
          {icon}
          {label}
          <ChevronDown className="size-4" aria-hidden />
        </>
      }
    >
      {links.map((l) => (
        <MenuLink key={l.to} to={l.to}>
          {t(l.key)}
        </MenuLink>
      ))}
    </MenuButton>
  );
}

function UserMenu({ email }: { email: string }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const localized = useLocalePath();
  return (
    <MenuButton
      // The visible e-mail address is part of the name (WCAG 2.5.3, label in name).
      label={`${t("nav.account")}: ${email}`}
      align="end"
      buttonClassName="flex items-center gap-1 rounded px-2 py-2 text-sm font-medium text-slate-100 hover:bg-white/10"
      buttonContent={
        <>
          <User className="size-4" aria-hidden />
          {/* Below 1280 px the address would push the navigation onto two lines: the icon stands
              for it (the address stays in the button's name and at the top of its menu). */}
          <span dir="ltr" className="hidden max-w-32 truncate xl:inline 2xl:max-w-40">
            {email}
          </span>
          <ChevronDown className="size-4" aria-hidden />
        </>
      }
    >
      <p className="px-3 py-2 text-xs text-slate-600">{email}</p>
      <MenuLink to="/price-alerts">{t("nav.priceAlerts")}</MenuLink>
      <MenuLink to="/watchlists">{t("nav.watchlists")}</MenuLink>
      <MenuLink to="/account">{t("nav.accountSettings")}</MenuLink>
      <hr className="my-1 border-slate-100" />
      <MenuAction onSelect={() => submit(null, { method: "post", action: localized("/auth/sign-out") })}>
        {t("nav.signOut")}
      </MenuAction>
    </MenuButton>
  );
}

export function Header() {
  const { t } = useTranslation();
  const root = useRootData();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const localized = useLocalePath();
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setOpen(false);
  }
  const siteName = root?.site.name ?? "GulfPulse";
  const link = ({ isActive }: { isActive: boolean }) =>
    `whitespace-nowrap rounded px-2 py-2 text-sm font-medium hover:bg-white/10 xl:px-3 ${isActive ? "text-gold-400" : "text-slate-100"}`;
  const mobileLink = "block rounded px-3 py-2 text-slate-100 hover:bg-white/10";

  return (
    <header className="sticky top-0 z-40 bg-brand-900 shadow">
      {/* Phones: tighter gaps, so a signed-in header (bell, chat history, language) fits 375 px. */}
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-1 px-3 sm:gap-2 sm:px-4">
        <Link
          to="/"
          className="me-1 flex shrink-0 items-center gap-2 text-lg font-bold text-white sm:me-2 xl:me-4"
        >
          <img src="/favicon.svg" alt="" className="size-7 sm:size-8" width={32} height={32} />
          {/* From 1024 to 1280 px the logo alone, so the full navigation fits on one line. */}
          <span className="lg:sr-only xl:not-sr-only">{siteName}</span>
        </Link>
        <nav
          className="hidden min-w-0 flex-1 items-center gap-0.5 lg:flex xl:gap-1"
          aria-label={t("nav.main")}
        >
          <NavLink to="/" end className={link}>
            {t("nav.home")}
          </NavLink>
          <a href={localized("/#markets")} className={link({ isActive: false })}>
            {t("nav.liveMarkets")}
          </a>
          <NavDropdown label={t("nav.news")} links={NEWS_LINKS} />
          <NavDropdown label={t("nav.brokers")} links={BROKER_LINKS} />
          <NavLink to="/about" className={link}>
            {t("nav.about")}
          </NavLink>
          <NavLink to="/contact" className={link}>
            {t("nav.contact")}
          </NavLink>
          {root?.isAdmin ? (
            <NavDropdown
              label={t("nav.admin")}
              links={ADMIN_LINKS}
              icon={<Shield className="size-4" aria-hidden />}
            />
          ) : null}
        </nav>
        <div className="ms-auto flex items-center sm:gap-1">
          <Link
            to="/search"
            className="rounded p-2 text-slate-100 hover:bg-white/10"
            aria-label={t("nav.search")}
          >
            <Search className="size-5" aria-hidden />
          </Link>
          <LanguageSwitch className="flex items-center gap-1 rounded px-1.5 py-2 text-sm sm:px-2 font-medium text-slate-100 hover:bg-white/10" />
          <ThemeToggle />
          <HeaderExtras />
          <div className="hidden lg:block">
            {root?.user ? (
              <UserMenu email={root.user.email} />
            ) : (
              <Link
                to="/auth"
                data-signed-out-only
                className="rounded bg-gold-500 px-4 py-2 text-sm font-semibold text-brand-900 hover:bg-gold-400"
              >
                {t("nav.signIn")}
              </Link>
            )}
          </div>
          <button
            type="button"
            className="rounded p-2 text-white hover:bg-white/10 lg:hidden"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? t("nav.closeMenu") : t("nav.openMenu")}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X className="size-6" aria-hidden /> : <Menu className="size-6" aria-hidden />}
          </button>
        </div>
      </div>
      {open ? (
        <nav
          id="mobile-menu"
          className="border-t border-white/10 px-4 pb-4 lg:hidden"
          aria-label={t("nav.menu")}
        >
          <Link to="/" className={mobileLink}>
            {t("nav.home")}
          </Link>
          <Link to="/#markets" className={mobileLink} onClick={() => setOpen(false)}>
            {t("nav.liveMarkets")}
          </Link>
          <p className="px-3 pt-3 text-xs uppercase tracking-wide text-slate-400">{t("nav.news")}</p>
          {NEWS_LINKS.map((l) => (
            <Link key={l.to} to={l.to} className={mobileLink}>
              {t(l.key)}
            </Link>
          ))}
          <p className="px-3 pt-3 text-xs uppercase tracking-wide text-slate-400">{t("nav.brokers")}</p>
          {BROKER_LINKS.map((l) => (
            <Link key={l.to} to={l.to} className={mobileLink}>
              {t(l.key)}
            </Link>
          ))}
          <Link to="/about" className={mobileLink}>
            {t("nav.about")}
          </Link>
          <Link to="/contact" className={mobileLink}>
            {t("nav.contact")}
          </Link>
          {root?.isAdmin ? (
            <>
              <p className="px-3 pt-3 text-xs uppercase tracking-wide text-slate-400">{t("nav.admin")}</p>
              {ADMIN_LINKS.map((l) => (
                <Link key={l.to} to={l.to} className={mobileLink}>
                  {t(l.key)}
                </Link>
              ))}
            </>
          ) : null}
          <div className="mt-3 border-t border-white/10 pt-3">
            {root?.user ? (
              <>
                <p className="px-3 py-1 text-sm text-slate-300">{root.user.email}</p>
                <Link to="/watchlists" className={mobileLink}>
                  {t("nav.watchlists")}
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
      ) : null}
    </header>
  );
}
