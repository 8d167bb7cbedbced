import { Menu, Search, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { Link } from "~/components/link";
import { useRootData } from "~/lib/root-data";
import { HeaderExtras } from "./header-extras";
import { LanguageSwitch } from "./language-switch";
import { MainNav } from "./main-nav";
import { MobileMenu } from "./mobile-menu";
import { ThemeToggle } from "./theme-toggle";
import { UserMenu } from "./user-menu";

/**
 * The site's header: the logo, the navigation (./main-nav.tsx from 1024 px, ./mobile-menu.tsx
 * below), search, language, theme, the signed-in reader's icons and menu (./user-menu.tsx).
 */
export function Header() {
  const { t } = useTranslation();
  const root = useRootData();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setOpen(false);
  }
  const siteName = root?.site.name ?? "GulfPulse";

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
        <MainNav />
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
      {open ? <MobileMenu onClose={() => setOpen(false)} /> : null}
    </header>
  );
}
