import { forwardRef, useCallback } from "react";
import {
  type NavigateOptions,
  Link as RouterLink,
  type LinkProps as RouterLinkProps,
  NavLink as RouterNavLink,
  type NavLinkProps as RouterNavLinkProps,
  type To,
  useNavigate as useRouterNavigate,
} from "react-router";
import { type Lang, localePath, useLang } from "~/lib/locale";

/**
 * React Router's Link and NavLink, keeping the visitor in their language: a site path in `to`
 * ("/about", or { pathname: "/about" }) points at the page in the current language ("/ar/about"
 * on an Arabic page). `toLang` sends it to another language instead (the language switch).
 * Components import links from here, never from react-router.
 */
type Localized = { toLang?: Lang };
export type LinkProps = RouterLinkProps & Localized;
export type NavLinkProps = RouterNavLinkProps & Localized;

function localizeTo(lang: Lang, to: To): To {
  if (typeof to === "string") return localePath(lang, to);
  if (to.pathname?.startsWith("/")) return { ...to, pathname: localePath(lang, to.pathname) };
  return to;
}

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, toLang, ...rest }, ref) {
  const lang = useLang();
  return <RouterLink ref={ref} to={localizeTo(toLang ?? lang, to)} {...rest} />;
});

export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(
  { to, toLang, ...rest },
  ref,
) {
  const lang = useLang();
  return <RouterNavLink ref={ref} to={localizeTo(toLang ?? lang, to)} {...rest} />;
});

/** The current language's version of a site path, for hrefs, actions and navigate() calls. */
export function useLocalePath() {
  const lang = useLang();
  return (to: string) => localePath(lang, to);
}

/** React Router's useNavigate, localizing site paths like Link does (history deltas pass through). */
export function useNavigate() {
  const lang = useLang();
  const navigate = useRouterNavigate();
  // Stable like React Router's own, so effects that list it as a dependency don't re-run.
  return useCallback(
    (to: To | number, options?: NavigateOptions) =>
      typeof to === "number" ? navigate(to) : navigate(localizeTo(lang, to), options),
    [lang, navigate],
  );
}
