import { ChevronDown, User } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useSubmit } from "react-router";
import { useLocalePath } from "~/components/link";
import { MenuAction, MenuButton, MenuLink } from "./menu-button";

/** The signed-in reader's menu from 1024 px: their pages and signing out. */
export function UserMenu({ email }: { email: string }) {
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
      <MenuLink to="/portfolio">{t("nav.portfolio")}</MenuLink>
      <MenuLink to="/account">{t("nav.accountSettings")}</MenuLink>
      <hr className="my-1 border-slate-100" />
      <MenuAction onSelect={() => submit(null, { method: "post", action: localized("/auth/sign-out") })}>
        {t("nav.signOut")}
      </MenuAction>
    </MenuButton>
  );
}
