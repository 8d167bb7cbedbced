import { ArrowLeft, ArrowRight, Bell, Pencil, Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { MAX_WATCHLISTS_PER_USER, WATCHLIST_NAME_MAX } from "#common/watchlist-limits";
import { watchlistNameSchema } from "#common/watchlist-schema";
import { buttonClass, Input } from "~/components/forms/field";
import { Link } from "~/components/link";
import { useServerText } from "~/lib/server-text";
import { useFormat } from "~/lib/use-format";
import type { WatchlistView } from "./types";
import { useWatchlistAction } from "./use-watchlist-action";
import "~/locales/watchlists";

const tabClass = (active: boolean) =>
  `inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-medium ${
    active ? "bg-brand-700 text-white" : "bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50"
  }`;
const toolClass =
  "inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-40";

/** The user's lists as tabs (links, so they work before JavaScript), in their order. */
export function WatchlistTabs({ lists, selected }: { lists: WatchlistView[]; selected: string }) {
  const { t } = useTranslation("watchlists");
  const f = useFormat();
  return (
    <nav aria-label={t("tabs")} className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
      {lists.map((l) => (
        <Link
          key={l.id}
          to={`/watchlists?list=${l.id}`}
          preventScrollReset
          aria-current={l.id === selected ? "page" : undefined}
          className={tabClass(l.id === selected)}
        >
          <span dir="auto">{l.name}</span>
          <span className={l.id === selected ? "text-white/80" : "text-slate-400"}>
            {f.integer(l.symbols.length)}
          </span>
        </Link>
      ))}
    </nav>
  );
}

/** A one-field name form: a new list, or a list's new name. */
export function NameForm({
  initial = "",
  submitLabel,
  onSubmit,
  onCancel,
  busy,
}: {
  initial?: string;
  submitLabel: string;
  onSubmit: (name: string) => void;
  onCancel?: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation("watchlists");
  const st = useServerText();
  const id = useId();
  const [error, setError] = useState("");
  return (
    <form
      noValidate
      className="flex flex-wrap items-start gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = watchlistNameSchema.safeParse(new FormData(e.currentTarget).get("name"));
        if (!parsed.success) return setError(st(parsed.error.issues[0]?.message ?? ""));
        setError("");
        onSubmit(parsed.data);
      }}
    >
      <div className="min-w-0 flex-1 sm:max-w-xs">
        <label htmlFor={id} className="sr-only">
          {t("name")}
        </label>
        <Input
          id={id}
          name="name"
          defaultValue={initial}
          maxLength={WATCHLIST_NAME_MAX}
          placeholder={t("name")}
          autoFocus
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" className={buttonClass} disabled={busy}>
        {submitLabel}
      </button>
      {onCancel ? (
        <button type="button" onClick={onCancel} className="px-3 py-2 text-slate-600 hover:text-slate-900">
          {t("cancel")}
        </button>
      ) : null}
    </form>
  );
}

type Mode = null | "new" | "rename" | "delete";

/** New list, and for the selected list: rename, move, delete and the whole-list alert. */
export function WatchlistTools({
  lists,
  list,
  onAlert,
  onCreated,
}: {
  lists: WatchlistView[];
  list: WatchlistView | undefined;
  onAlert: () => void;
  onCreated: (id: string) => void;
}) {
  const { t } = useTranslation("watchlists");
  const [mode, setMode] = useState<Mode>(lists.length ? null : "new");
  const close = () => setMode(null);
  const create = useWatchlistAction((r) => {
    close();
    onCreated(String(r.id));
  });
  const change = useWatchlistAction(close);
  const at = list ? lists.findIndex((l) => l.id === list.id) : -1;
  const move = (by: -1 | 1) => {
    const ids = lists.map((l) => l.id);
    [ids[at], ids[at + by]] = [ids[at + by]!, ids[at]!];
    change.submit({ intent: "reorder", ids });
  };

  if (mode === "new")
    return (
      <NameForm
        submitLabel={t("create")}
        busy={create.busy}
        onSubmit={(name) => create.submit({ intent: "create", name })}
        onCancel={lists.length ? close : undefined}
      />
    );
  if (mode === "rename" && list)
    return (
      <NameForm
        initial={list.name}
        submitLabel={t("save")}
        busy={change.busy}
        onSubmit={(name) => change.submit({ intent: "rename", id: list.id, name })}
        onCancel={close}
      />
    );
  if (mode === "delete" && list)
    return (
      <div
        role="alertdialog"
        aria-label={t("delete")}
        className="flex flex-wrap items-center gap-2 rounded-lg bg-red-50 p-3"
      >
        <p className="text-sm text-red-800">{t("confirmDelete", { name: list.name })}</p>
        <button
          type="button"
          disabled={change.busy}
          onClick={() => change.submit({ intent: "delete", id: list.id })}
          className="rounded-md bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-600"
        >
          {t("delete")}
        </button>
        <button type="button" onClick={close} className="px-3 py-1.5 text-sm text-slate-700">
          {t("cancel")}
        </button>
      </div>
    );
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        className={toolClass}
        disabled={lists.length >= MAX_WATCHLISTS_PER_USER}
        title={
          lists.length >= MAX_WATCHLISTS_PER_USER
            ? t("limitReached", { max: MAX_WATCHLISTS_PER_USER })
            : undefined
        }
        onClick={() => setMode("new")}
      >
        <Plus aria-hidden className="size-4" />
        {t("new")}
      </button>
      {list ? (
        <>
          <button type="button" className={toolClass} onClick={() => setMode("rename")}>
            <Pencil aria-hidden className="size-4" />
            {t("rename")}
          </button>
          <button
            type="button"
            className={toolClass}
            disabled={change.busy || at <= 0}
            onClick={() => move(-1)}
            aria-label={t("moveBefore")}
            title={t("moveBefore")}
          >
            <ArrowLeft aria-hidden className="size-4 rtl:rotate-180" />
          </button>
          <button
            type="button"
            className={toolClass}
            disabled={change.busy || at >= lists.length - 1}
            onClick={() => move(1)}
            aria-label={t("moveAfter")}
            title={t("moveAfter")}
          >
            <ArrowRight aria-hidden className="size-4 rtl:rotate-180" />
          </button>
          <button type="button" className={toolClass} onClick={onAlert} disabled={!list.symbols.length}>
            <Bell aria-hidden className="size-4" />
            {list.alert ? t("alert.edit") : t("alert.open")}
          </button>
          <button type="button" className={`${toolClass} text-red-700`} onClick={() => setMode("delete")}>
            <Trash2 aria-hidden className="size-4" />
            {t("delete")}
          </button>
        </>
      ) : null}
    </div>
  );
}
