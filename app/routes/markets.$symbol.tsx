import { data, redirect } from "react-router";
import { DisclosuresPanel } from "~/components/disclosures/disclosures-panel";
import { DividendsSection } from "~/components/dividends/dividends-section";
import { instrumentName, instrumentSlug } from "~/components/market/format";
import { InstrumentView } from "~/components/market/instrument-view";
import { MarketFeedProvider } from "~/components/market/market-feed";
import { services } from "~/lib/auth.server";
import { langOf, localePath } from "~/lib/locale";
import { metaText } from "~/lib/meta-text";
import { errorPageMeta, pageMeta, siteFrom } from "~/lib/seo";
import { readerReminders, splitAdjusted } from "~/lib/server/dividends.server";
import { marketPageData, openingChart } from "~/lib/server/market-data.server";
import type { Route } from "./+types/markets.$symbol";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const market = services(context).market;
  const instrument = market.findInstrument(params.symbol);
  if (!instrument) throw data(null, { status: 404 });
  // One URL per instrument: /markets/TASI and /markets/USD%2FAED land on the slug.
  const slug = instrumentSlug(instrument.symbol);
  if (params.symbol !== slug) throw redirect(localePath(langOf(request), `/markets/${slug}`), 301);
  // Someone is looking at it: its quotes are refreshed first and streamed to the page.
  market.watch(instrument.symbol);
  const listing = await listingFacts(services(context).instruments, instrument.symbol);
  return {
    instrument,
    exchange: market.exchange(instrument.exchange) ?? null,
    history: await adjustedOpeningChart(context, market, instrument.symbol),
    listing,
    // A listed company's published Shariah rulings (none for indices, currencies and crypto).
    shariah: listing ? await services(context).shariah.forSymbol(instrument.symbol) : null,
    // Its announcements from the exchanges' feeds, newest first (listed companies only).
    disclosures: listing ? await services(context).disclosures.forSymbol(instrument.symbol) : null,
    // Its dividends and corporate actions, newest first, each with its source and date, and the
    // reader's reminders before the coming ex-dates.
    ...(await dividendsWithReminders(request, context, instrument.symbol)),
    // Each with its source and date; the history figures come from the per-session cache.
    statistics: (await services(context).company.keyStatistics(instrument.symbol)) ?? null,
    market: marketPageData(market, instrument),
  };
}

async function dividendsWithReminders(
  request: Request,
  context: Parameters<typeof services>[0],
  symbol: string,
) {
  const dividends = await services(context).dividends.history(symbol);
  return { dividends, dividendReminders: await readerReminders(request, context, dividends) };
}

/** A listed company's sector and board, for the page's facts (only what it shows). */
async function listingFacts(
  instruments: { get(symbol: string): Promise<{ sector: string; board?: string } | undefined> },
  symbol: string,
) {
  const listing = await instruments.get(symbol);
  return listing ? { sector: listing.sector, ...(listing.board ? { board: listing.board } : {}) } : null;
}

/** The chart's opening bars, adjusted for splits and bonus shares (and whether the chart says so). */
async function adjustedOpeningChart(
  context: Parameters<typeof services>[0],
  market: Parameters<typeof openingChart>[0],
  symbol: string,
) {
  const opening = await openingChart(market, symbol);
  const { bars, adjustedForSplits } = await splitAdjusted(context, symbol, opening.bars);
  return { ...opening, bars, adjustedForSplits };
}

export default function InstrumentPage({ loaderData }: Route.ComponentProps) {
  const { instrument, exchange, history, market, listing, statistics, shariah } = loaderData;
  return (
    <MarketFeedProvider data={market}>
      <InstrumentView
        instrument={instrument}
        exchange={exchange}
        history={history}
        listing={listing}
        statistics={statistics}
        shariah={shariah}
      />
      {loaderData.disclosures ? (
        <div className="mx-auto max-w-7xl px-4 pb-8">
          <DisclosuresPanel items={loaderData.disclosures} />
        </div>
      ) : null}
      {/* A listed company's distributions (and any other instrument's the sources recorded). */}
      {loaderData.instrument.category === "gulfStocks" || loaderData.dividends.length > 0 ? (
        <div className="mx-auto max-w-7xl px-4 pb-8">
          <DividendsSection actions={loaderData.dividends} reminders={loaderData.dividendReminders} />
        </div>
      ) : null}
    </MarketFeedProvider>
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData: d, location }) => {
  if (!d) return errorPageMeta();
  const name = instrumentName(d.instrument, siteFrom(matches).lang ?? "en");
  return pageMeta(matches, {
    ...metaText(matches, "instrument", { name, symbol: d.instrument.symbol }),
    path: location.pathname,
  });
};
