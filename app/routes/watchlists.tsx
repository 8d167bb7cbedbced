import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { MAX_ITEMS_PER_WATCHLIST } from "#common/watchlist-limits";
import { fillMessage, WATCHLIST_MESSAGES } from "#common/watchlist-schema";
import type { Instrument } from "#server/market/types";
import { Page } from "~/components/layout/page";
import { RouteError } from "~/components/layout/route-error";
import { Link } from "~/components/link";
import { instrumentName } from "~/components/market/format";
import { MarketFeedProvider, useMarketFeed } from "~/components/market/market-feed";
import { SparklinesProvider } from "~/components/market/sparkline";
import { AddInstrumentForm, unknownInstrument } from "~/components/watchlists/add-instrument-form";
import {
  localWatchlist,
  useLocalListKnown,
  useLocalWatchlist,
} from "~/components/watchlists/local-watchlist";
import type { WatchlistView } from "~/components/watchlists/types";
import { useWatchlistAction } from "~/components/watchlists/use-watchlist-action";
import { WatchlistAlertForm } from "~/components/watchlists/watchlist-alert-form";
import { WatchlistTabs, WatchlistTools } from "~/components/watchlists/watchlist-bar";
import { WatchlistTable } from "~/components/watchlists/watchlist-table";
import { getUser, services } from "~/lib/auth.server";
import { useLang } from "~/lib/locale";
import { metaText } from "~/lib/meta-text";
import { pageMeta } from "~/lib/seo";
import { marketPageData } from "~/lib/server/market-data.server";
import type { Route } from "./+types/watchlists";
import "~/locales/watchlists";

export async function loader({ request, context }: Route.LoaderArgs) {
  const s = services(context);
  const user = await getUser(request, context);
  const lists: WatchlistView[] = user
    ? (await s.watchlists.list(user.id)).map((l) => ({
        id: l.id,
        name: l.name,
        symbols: l.items.map((i) => i.symbol),
        alert: l.alert,
      }))
    : [];
  // A visitor's list lives in their browser: the page asks again with its symbols (?symbols=)
  // when it holds listed companies the curated feed does not carry.
  const asked = user
    ? lists.flatMap((l) => l.symbols)
    : (new URL(request.url).searchParams.get("symbols") ?? "").split(",").slice(0, MAX_ITEMS_PER_WATCHLIST);
  const instruments = [...new Set(asked)].flatMap((symbol) => s.market.findInstrument(symbol) ?? []);
  // Someone is watching them: their quotes are refreshed first and streamed to the page.
  for (const i of instruments) s.market.watch(i.symbol);
  const market = marketPageData(s.market, instruments);
  const sparks = await s.overview.sparklines(market.instruments.map((i) => i.symbol));
  return { signedIn: Boolean(user), lists, market, sparks };
}

/** /watchlists: the user's named lists with live prices, or a visitor's one local list. */
export default function WatchlistsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("watchlists");
  return (
    <Page title={t("title")} subtitle={t("subtitle")}>
      <MarketFeedProvider data={loaderData.market}>
        <SparklinesProvider value={loaderData.sparks}>
          {loaderData.signedIn ? <AccountWatchlists lists={loaderData.lists} /> : <LocalWatchlist />}
        </SparklinesProvider>
      </MarketFeedProvider>
    </Page>
  );
}

/** Instruments the add box suggests: the markets' curated ones, named in the page's language. */
function useSuggestions() {
  const lang = useLang();
  const feed = useMarketFeed();
  return feed.instruments.map((i: Instrument) => ({ symbol: i.symbol, name: instrumentName(i, lang) }));
}

function moved(symbols: string[], symbol: string, by: -1 | 1) {
  const next = [...symbols];
  const at = next.indexOf(symbol);
  if (at < 0 || at + by < 0 || at + by >= next.length) return next;
  [next[at], next[at + by]] = [next[at + by]!, next[at]!];
  return next;
}

function AccountWatchlists({ lists }: { lists: WatchlistView[] }) {
  const { t } = useTranslation("watchlists");
  const [params, setParams] = useSearchParams();
  // The alert form belongs to the list it was opened on: another tab closes it.
  const [alertFor, setAlertFor] = useState<string | null>(null);
  const list = lists.find((l) => l.id === params.get("list")) ?? lists[0];
  const items = useWatchlistAction();
  const suggestions = useSuggestions();
  const alertOpen = Boolean(list && alertFor === list.id);
  const closeAlert = () => setAlertFor(null);

  return (
    <div className="flex flex-col gap-4">
      {lists.length ? <WatchlistTabs lists={lists} selected={list?.id ?? ""} /> : null}
      <WatchlistTools
        key={list?.id ?? "none"}
        lists={lists}
        list={list}
        onAlert={() => setAlertFor(alertOpen ? null : (list?.id ?? null))}
        onCreated={(id) => setParams({ list: id }, { preventScrollReset: true })}
      />
      {!lists.length ? <p className="text-slate-600">{t("empty.noLists")}</p> : null}
      {list ? (
        <>
          {list.alert && !alertOpen ? (
            <p className="text-sm text-slate-600" data-testid="watchlist-alert-summary">
              {t(`alert.summary.${list.alert.kind}`, {
                percent: list.alert.percent,
                window: list.alert.windowMinutes
                  ? t(`alert.windows.${list.alert.windowMinutes}`, { n: list.alert.windowMinutes })
                  : "",
                count: list.alert.count,
              })}
            </p>
          ) : null}
          {alertOpen ? <WatchlistAlertForm list={list} onClose={closeAlert} /> : null}
          <AddInstrumentForm
            suggestions={suggestions}
            busy={items.busy}
            onAdd={(symbol) => void items.submit({ intent: "add", id: list.id, symbol })}
          />
          {list.symbols.length ? (
            <WatchlistTable
              symbols={list.symbols}
              busy={items.busy}
              onRemove={(symbol) => items.submit({ intent: "remove", id: list.id, symbol })}
              onMove={(symbol, by) =>
                items.submit({
                  intent: "reorder-items",
                  id: list.id,
                  symbols: moved(list.symbols, symbol, by),
                })
              }
            />
          ) : (
            <p className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-slate-600">
              {t("empty.noItems")}
            </p>
          )}
        </>
      ) : null}
    </div>
  );
}

function LocalWatchlist() {
  const { t } = useTranslation("watchlists");
  const symbols = useLocalWatchlist();
  const listKnown = useLocalListKnown();
  const feed = useMarketFeed();
  const suggestions = useSuggestions();
  const [params, setParams] = useSearchParams();
  const known = new Set(feed.instruments.map((i) => i.symbol));
  const missing = symbols.filter((s) => !known.has(s));
  // Listed companies outside the curated feed: the loader adds them when asked by ?symbols=.
  const wanted = symbols.join(",");
  useEffect(() => {
    if (missing.length && params.get("symbols") !== wanted) {
      setParams({ symbols: wanted }, { replace: true, preventScrollReset: true });
    }
  }, [missing.length, wanted, params, setParams]);

  return (
    <div className="flex flex-col gap-4">
      <p className="rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-900">
        {t("local.intro")}{" "}
        <Link to="/auth?redirectTo=/watchlists" className="font-semibold underline">
          {t("local.signIn")}
        </Link>
      </p>
      <h2 className="text-xl font-bold text-slate-900">{t("local.name")}</h2>
      <AddInstrumentForm
        suggestions={suggestions}
        busy={false}
        onAdd={(asked) => {
          const match = suggestions.find((s) => s.symbol.toLowerCase() === asked.toLowerCase());
          if (!match) return unknownInstrument(asked);
          if (symbols.includes(match.symbol))
            return fillMessage(WATCHLIST_MESSAGES.alreadyListed, { symbol: match.symbol });
          return localWatchlist.toggle(match.symbol) ? undefined : WATCHLIST_MESSAGES.itemLimit;
        }}
      />
      {!listKnown ? null : symbols.length ? (
        <WatchlistTable
          symbols={symbols}
          onRemove={(symbol) => localWatchlist.remove(symbol)}
          onMove={(symbol, by) => localWatchlist.reorder(moved(symbols, symbol, by))}
        />
      ) : (
        <p className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-slate-600">
          {t("empty.local")}
        </p>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { ...metaText(matches, "watchlists"), path: "/watchlists", noindex: true });

export function ErrorBoundary() {
  const { t } = useTranslation("watchlists");
  return <RouteError title={t("title")} message={t("error")} />;
}
