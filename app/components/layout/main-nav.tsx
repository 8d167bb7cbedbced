import { ChevronDown, Shield } from "lucide-react";
import { useTranslation } from "react-i18next";
import { NavLink, useLocalePath } from "~/components/link";
import { useRootData } from "~/lib/root-data";
import { MenuButton, MenuLink } from "./menu-button";
import { ADMIN_LINKS, BROKER_LINKS, type NavLinkItem, NEWS_LINKS } from "./nav-links";

function NavDropdown({
  label,
  links,
  icon,
}: {
  label: string;
  links: NavLinkItem[];
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

/** The header's navigation from 1024 px: pages, the news and brokers menus, the admin's menu. */
export function MainNav() {
  const { t } = useTranslation();
  const root = useRootData();
  const localized = useLocalePath();
  const link = ({ isActive }: { isActive: boolean }) =>
    `whitespace-nowrap rounded px-2 py-2 text-sm font-medium hover:bg-white/10 xl:px-3 ${isActive ? "text-gold-400" : "text-slate-100"}`;
  return (
    <nav className="hidden min-w-0 flex-1 items-center gap-0.5 lg:flex xl:gap-1" aria-label={t("nav.main")}>
      <NavLink to="/" end className={link}>
        {t("nav.home")}
      </NavLink>
      <a href={localized("/#markets")} className={link({ isActive: false })}>
        {t("nav.liveMarkets")}
      </a>
      <NavLink to="/markets" end className={link}>
        {t("nav.markets")}
      </NavLink>
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
  );
}
