import { Loader2, Plus } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { MAX_ITEMS_PER_WATCHLIST, WATCHLIST_NAME_MAX } from "#common/watchlist-limits";
import { watchlistNameSchema } from "#common/watchlist-schema";
import { Input } from "~/components/forms/field";
import { Link } from "~/components/link";
import { useLang } from "~/lib/locale";
import { useServerText } from "~/lib/server-text";
import { localWatchlist, useLocalWatchlist } from "./local-watchlist";
import { fetchWatchlists, type MenuList, postWatchlists } from "./watchlist-api";
import "~/locales/watchlists";

const panelClass =
  "absolute start-0 top-full z-30 mt-1 w-64 rounded-lg border border-slate-200 bg-white p-3 text-start text-sm font-normal text-slate-700 shadow-lg";

/** The add-to-watchlist menu of one instrument (loaded when its star is first clicked). */
export default function WatchMenu({
  symbol,
  signedIn,
  onMembership,
}: {
  symbol: string;
  signedIn: boolean;
  onMembership: (onAList: boolean) => void;
}) {
  const { t } = useTranslation("watchlists");
  const titleId = useId();
  return (
    <div role="dialog" aria-labelledby={titleId} data-testid="watch-menu" className={panelClass}>
      <p id={titleId} className="mb-2 font-semibold text-slate-900">
        {t("star.title", { symbol })}
      </p>
      {signedIn ? (
        <AccountLists symbol={symbol} onMembership={onMembership} />
      ) : (
        <LocalList symbol={symbol} />
      )}
      <Link to="/watchlists" className="mt-3 block text-brand-700 hover:underline">
        {t("star.open")}
      </Link>
    </div>
  );
}

function LocalList({ symbol }: { symbol: string }) {
  const { t } = useTranslation("watchlists");
  const local = useLocalWatchlist();
  const [full, setFull] = useState(false);
  return (
    <>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          className="size-4 accent-brand-700"
          checked={local.includes(symbol)}
          onChange={() => setFull(!localWatchlist.toggle(symbol))}
        />
        {t("local.name")}
      </label>
      {full ? (
        <p role="alert" className="mt-2 text-red-700">
          {t("local.full", { max: MAX_ITEMS_PER_WATCHLIST })}
        </p>
      ) : null}
      <p className="mt-2 text-xs text-slate-500">
        {t("local.hint")}{" "}
        <Link to="/auth?redirectTo=/watchlists" className="text-brand-700 hover:underline">
          {t("local.signIn")}
        </Link>
      </p>
    </>
  );
}

function AccountLists({ symbol, onMembership }: { symbol: string; onMembership: (v: boolean) => void }) {
  const { t } = useTranslation("watchlists");
  const st = useServerText();
  const lang = useLang();
  const [lists, setLists] = useState<MenuList[] | null | "failed">(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const nameId = useId();

  useEffect(() => {
    let live = true;
    void fetchWatchlists().then((l) => live && setLists(l ?? "failed"));
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    if (Array.isArray(lists)) onMembership(lists.some((l) => l.symbols.includes(symbol)));
  }, [lists, symbol, onMembership]);

  if (lists === null)
    return <Loader2 aria-label={t("loading")} className="size-4 animate-spin text-slate-400" />;
  if (lists === "failed") return <p role="alert">{t("error")}</p>;

  async function change(fields: Record<string, string>, next: (l: MenuList[]) => MenuList[]) {
    setBusy(true);
    setError("");
    const result = await postWatchlists({ ...fields, lang });
    setBusy(false);
    if (!result.ok) return setError(st(result.error === "network" ? t("error") : result.error));
    setLists((l) => (Array.isArray(l) ? next(l) : l));
  }

  const toggle = (list: MenuList) => {
    const on = list.symbols.includes(symbol);
    void change({ intent: on ? "remove" : "add", id: list.id, symbol }, (all) =>
      all.map((l) =>
        l.id !== list.id
          ? l
          : { ...l, symbols: on ? l.symbols.filter((s) => s !== symbol) : [...l.symbols, symbol] },
      ),
    );
  };

  async function create(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("name") ?? "");
    const parsed = watchlistNameSchema.safeParse(name);
    if (!parsed.success) return setError(st(parsed.error.issues[0]?.message ?? ""));
    setBusy(true);
    setError("");
    const result = await postWatchlists({ intent: "create", name: parsed.data, symbol, lang });
    setBusy(false);
    if (!result.ok) return setError(st(result.error));
    form.reset();
    setLists((l) =>
      Array.isArray(l) ? [...l, { id: String(result.id), name: parsed.data, symbols: [symbol] }] : l,
    );
  }

  return (
    <>
      {lists.length ? (
        <ul className="flex max-h-56 flex-col gap-1 overflow-y-auto">
          {lists.map((l) => (
            <li key={l.id}>
              <label className="flex items-center gap-2 rounded px-1 py-0.5 hover:bg-slate-50">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-700"
                  checked={l.symbols.includes(symbol)}
                  disabled={busy}
                  onChange={() => toggle(l)}
                />
                <span className="truncate" dir="auto">
                  {l.name}
                </span>
              </label>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-500">{t("star.none")}</p>
      )}
      <form onSubmit={create} className="mt-3 flex gap-1">
        <label htmlFor={nameId} className="sr-only">
          {t("star.newList")}
        </label>
        <Input
          id={nameId}
          name="name"
          maxLength={WATCHLIST_NAME_MAX}
          placeholder={t("star.newList")}
          className="px-2 py-1 text-sm"
        />
        <button
          type="submit"
          disabled={busy}
          aria-label={t("star.create")}
          className="shrink-0 rounded-md bg-brand-700 p-1.5 text-white hover:bg-brand-600 disabled:opacity-60"
        >
          <Plus aria-hidden className="size-4" />
        </button>
      </form>
      {error ? (
        <p role="alert" className="mt-2 text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}
