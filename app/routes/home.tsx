import { SETTING_FALLBACKS } from "#common/admin/settings";
import { ChatAssistant } from "~/components/chat";
import { AnalyticsTeaser } from "~/components/home/analytics-teaser";
import { FakeGroupsWarning } from "~/components/home/fake-groups-warning";
import { LatestNews } from "~/components/home/latest-news";
import { RecommendedBrokers } from "~/components/home/recommended-brokers";
import { AdSlot } from "~/components/layout/ad-slot";
import { MarketFeedProvider } from "~/components/market/market-feed";
import { MarketHero } from "~/components/market/market-hero";
import { MarketPanels } from "~/components/market/market-panels";
import { JoinCommunity, NewsletterBanner } from "~/components/newsletter";
import { services } from "~/lib/auth.server";
import { metaText } from "~/lib/meta-text";
import { pageMeta } from "~/lib/seo";
import { marketPageData } from "~/lib/server/market-data.server";
import type { Route } from "./+types/home";

/**
 * The home page's render reads only its data and URL, so a render whose data equals an earlier
 * one's is that render's copy (decision records 030 and 033): between two market ticks every
 * anonymous view of a language and display variant has the same data.
 */
export const handle = { rememberRenders: true };

/**
 * The page's clock, rounded up to the second (never before the last tick it describes): the news'
 * relative times and the feed's age read it, and a clock in milliseconds would make every view's
 * data, and so its render, unique.
 */
const pageClock = () => Math.ceil(Date.now() / 1000) * 1000;

// Each home section is its owning feature's component; the loader gathers each section's data.
export async function loader({ context }: Route.LoaderArgs) {
  const s = services(context);
  const now = pageClock();
  const wanted = s.settings.get<string[]>("heroSymbols", [...SETTING_FALLBACKS.heroSymbols]);
  // Only instruments the catalogue knows; a stale setting never breaks the hero.
  const heroSymbols = wanted.filter((symbol) => s.market.quote(symbol));
  return {
    market: { ...marketPageData(s.market), serverNow: now },
    heroSymbols: heroSymbols.length ? heroSymbols : [...SETTING_FALLBACKS.heroSymbols],
    // The hero's exchanges: their last close and next open (live / delayed / closed per exchange).
    heroExchanges: [
      ...new Set(
        heroSymbols.map((symbol) => s.market.catalogue().find((i) => i.symbol === symbol)?.exchange),
      ),
    ]
      .flatMap((id) => (id ? [s.market.exchange(id)] : []))
      .filter((info) => info !== undefined),
    content: await s.shared.home(),
    now,
  };
}

/**
 * The home page's sections, in order (docs/product/site.md). The market feed wraps the sections that show live prices
 * (useMarketFeed) and ends before the chat: the chat hydrates after its code arrives, and a
 * context that changes every tick above a section still waiting to hydrate would make React
 * throw its server HTML away and render it again (a layout shift).
 */
export default function HomePage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <MarketFeedProvider data={loaderData.market}>
        {/* 2. Newsletter banner with the subscribe modal — newsletter feature */}
        <NewsletterBanner />
        {/* 3. Hero with the live overview — market feature */}
        <MarketHero symbols={loaderData.heroSymbols} exchanges={loaderData.heroExchanges} />
        {/* 4. Ad banner */}
        <AdSlot />
        {/* 5. Join Our Trading Community with its modal — newsletter feature */}
        <JoinCommunity />
        {/* 6. Collapsible market-data categories (#markets) — market feature */}
        <MarketPanels />
        {/* 7. Ad banner */}
        <AdSlot />
        {/* 8. Advanced News Analytics teaser */}
        <AnalyticsTeaser />
      </MarketFeedProvider>
      {/* 9. AI chat assistant — chat feature */}
      <ChatAssistant />
      {/* 10. Ad banner */}
      <AdSlot />
      {/* 11. Latest news (three columns of two articles) — content feature */}
      <LatestNews columns={loaderData.content.latestNews} now={loaderData.now} />
      {/* 12. Ad banner */}
      <AdSlot />
      {/* 13. Recommended brokers and Apply for Partnership — content feature */}
      <RecommendedBrokers brokers={loaderData.content.brokers} />
      {/* 14. Scrolling warning about fake groups — content feature */}
      <FakeGroupsWarning />
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    ...metaText(matches, "home"),
    path: "/",
  });
