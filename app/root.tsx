import { Direction } from "radix-ui";
import { useEffect, useMemo } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  useLocation,
} from "react-router";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import { Footer } from "./components/layout/footer";
import { Header } from "./components/layout/header";
import { LazyToaster } from "./components/layout/lazy-toaster";
import { NotFound } from "./components/layout/not-found";
import { requestContext } from "./context";
import { sessionUser } from "./lib/auth.server";
import { digitsFromCookie } from "./lib/format";
import { createI18n, dirOf } from "./lib/i18n";
import { localePath, pagePathname, rememberedRedirect, splitLocale, useLang } from "./lib/locale";
import { type RootData, useRootData } from "./lib/root-data";
import { themeFromCookie } from "./lib/theme";

export const links: Route.LinksFunction = () => [
  // The one render-blocking file, first in <head>: a side-effect CSS import (or a plain link) is
  // emitted by React after the ~20 modulepreloads, which then take the connections before it
  // (Lighthouse's FCP on a slow mobile link). With a precedence React sends it ahead of preloads.
  { rel: "stylesheet", href: appCss, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "alternate", type: "application/rss+xml", title: "GulfPulse", href: "/rss.xml" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, nonce } = context.get(requestContext);
  // The header's reader: on a shared copy the page cache splices it in (decision record 028).
  const user = await sessionUser(request, context);
  const url = new URL(request.url);
  // The language is the URL's; a remembered choice of Arabic moves an English page to its twin.
  const remembered = rememberedRedirect(url, request.headers.get("cookie"), user?.locale);
  if (remembered) throw redirect(remembered);
  const isAdmin = user ? await services.isAdmin(user.id) : false;
  const settings = services.settings.all();
  const rootData: RootData = {
    user: user ? { id: user.id, email: user.email, name: user.name } : null,
    isAdmin,
    lang: splitLocale(pagePathname(url.pathname)).lang,
    nonce,
    theme: themeFromCookie(request.headers.get("cookie")),
    digits: digitsFromCookie(request.headers.get("cookie")),
    site: {
      name: String(settings.siteName),
      tagline: String(settings.tagline),
      url: services.config.publicUrl.replace(/\/+$/, ""),
    },
  };
  return data(rootData);
}

/**
 * Pages scroll to the top on load; browser scroll restoration is manual. A link to a
 * section (/#markets, /#chat) scrolls to that section instead.
 */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    window.history.scrollRestoration = "manual";
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change by design
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  // From the URL, like the loader's: also right on an error page whose root loader failed.
  const lang = useLang();
  const digits = root?.digits ?? "latn";
  const i18n = useMemo(() => createI18n(lang, digits), [lang, digits]);
  return (
    <html lang={lang} dir={dirOf(lang)} data-theme={root?.theme ?? undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen flex flex-col">
        <I18nextProvider i18n={i18n}>
          {/* Radix widgets (tabs, menus, dialogs) lay out and take arrow keys in the page's direction. */}
          <Direction.Provider dir={dirOf(lang)}>
            <a
              href="#main"
              className="sr-only z-50 rounded bg-gold-400 px-4 py-2 font-semibold text-brand-900 focus:not-sr-only focus:fixed focus:top-2 focus:start-2"
            >
              {i18n.t("nav.skipToContent")}
            </a>
            <Header />
            <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
              {children}
            </main>
            <Footer />
            <LazyToaster />
          </Direction.Provider>
        </I18nextProvider>
        <ScrollToTop />
        <Scripts nonce={root?.nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const lang = useLang();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : t("errors.unexpected");
  return (
    <div className="mx-auto max-w-3xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{t("errors.title")}</h1>
      <p className="mt-4 text-slate-600">{message}</p>
      <a href={localePath(lang, "/")} className="mt-6 inline-block text-brand-600 underline">
        {t("notFound.returnHome")}
      </a>
    </div>
  );
}
