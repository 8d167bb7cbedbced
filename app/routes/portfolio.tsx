import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { Suggestion } from "~/components/alerts/types";
import { buttonClass } from "~/components/forms/field";
import { Page } from "~/components/layout/page";
import { RouteError } from "~/components/layout/route-error";
import { Link } from "~/components/link";
import { MarketFeedProvider } from "~/components/market/market-feed";
import { PortfolioTabs, PortfolioTools } from "~/components/portfolio/portfolio-bar";
import { PortfolioDashboard } from "~/components/portfolio/portfolio-dashboard";
import type { OpenPortfolio, PortfolioView } from "~/components/portfolio/types";
import { getUser, services } from "~/lib/auth.server";
import { metaText } from "~/lib/meta-text";
import { pageMeta } from "~/lib/seo";
import { marketPageData } from "~/lib/server/market-data.server";
import type { Route } from "./+types/portfolio";
import "~/locales/portfolio";

/** The open portfolio (?id=, else the first) with its valuation, proposals and alerts. */
async function openPortfolio(
  s: ReturnType<typeof services>,
  userId: string,
  id: string,
): Promise<OpenPortfolio> {
  const [view, proposals, alerts] = await Promise.all([
    s.portfolios.get(userId, id),
    s.portfolios.dividendProposals(userId, id).catch(() => []),
    s.portfolios.alerts(userId, id),
  ]);
  return {
    ...view,
    proposals,
    alerts: alerts.map((a) => ({ id: a.id, kind: a.kind, threshold: a.threshold })),
  };
}

/**
 * The reader's own page: read on every request (never from a shared copy: the loader asks who
 * reads it), the holdings' instruments watched so their quotes stream to the page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const s = services(context);
  const user = await getUser(request, context);
  if (!user) return { signedIn: false as const };
  const portfolios: PortfolioView[] = await s.portfolios.list(user.id);
  const asked = new URL(request.url).searchParams.get("id");
  const selected = portfolios.find((p) => p.id === asked) ?? portfolios[0];
  const open = selected ? await openPortfolio(s, user.id, selected.id) : null;
  const instruments = (open?.snapshot.holdings ?? []).flatMap((h) => s.market.findInstrument(h.symbol) ?? []);
  for (const i of instruments) s.market.watch(i.symbol);
  const suggestions: Suggestion[] = s.alerts.suggestions();
  return {
    signedIn: true as const,
    portfolios,
    open,
    suggestions,
    market: marketPageData(s.market, instruments),
  };
}

function SignedOut() {
  const { t } = useTranslation("portfolio");
  return (
    <div
      className="rounded-xl border border-slate-200 bg-white px-6 py-12 text-center"
      data-testid="signed-out"
    >
      <p className="text-lg text-slate-700">{t("signedOut.text")}</p>
      <Link to="/auth?redirectTo=/portfolio" className={`${buttonClass} mt-4`}>
        {t("signedOut.signIn")}
      </Link>
    </div>
  );
}

/** /portfolio: the reader's portfolios, one per broker, valued live in each one's base currency. */
export default function PortfolioPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("portfolio");
  const navigate = useNavigate();
  if (!loaderData.signedIn)
    return (
      <Page title={t("title")} subtitle={t("subtitle")}>
        <SignedOut />
      </Page>
    );
  const { portfolios, open, suggestions, market } = loaderData;
  const go = (id?: string) => navigate(id ? `?id=${id}` : "?", { preventScrollReset: true });
  return (
    <Page title={t("title")} subtitle={t("subtitle")}>
      <MarketFeedProvider data={market}>
        <div className="flex flex-col gap-4">
          {portfolios.length ? (
            <PortfolioTabs portfolios={portfolios} selected={open?.portfolio.id ?? ""} />
          ) : null}
          <PortfolioTools
            key={open?.portfolio.id ?? "none"}
            portfolio={open?.portfolio}
            onCreated={(id) => go(id)}
            onDeleted={() => go()}
          />
          {open ? (
            <PortfolioDashboard open={open} suggestions={suggestions} />
          ) : (
            <p className="text-slate-600">{t("bar.empty")}</p>
          )}
        </div>
      </MarketFeedProvider>
    </Page>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { ...metaText(matches, "portfolio"), path: "/portfolio", noindex: true });

export function ErrorBoundary() {
  const { t } = useTranslation("portfolio");
  return <RouteError title={t("title")} message={t("error")} />;
}
