import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SavedScreenView } from "#common/screens-schema";
import { Checkbox, FormMessage } from "~/components/forms/field";
import { Link } from "~/components/link";
import { useRootData } from "~/lib/root-data";
import { useServerText } from "~/lib/server-text";
import { useFormat } from "~/lib/use-format";
import { type ScreensCall, useScreens } from "./use-screens";
import "~/locales/screens";

const control =
  "rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-900";
const button = "rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-600";
const quiet = "text-sm font-medium text-brand-700 hover:underline dark:text-brand-300";

type Outcome = { kind: "success" | "error"; text: string } | null;

/** Saves the screen shown (its address parameters) under a name, with its alert choices. */
function SaveScreenForm({ query, call }: { query: string; call: ScreensCall }) {
  const { t } = useTranslation("screens");
  const st = useServerText();
  const id = useId();
  const [outcome, setOutcome] = useState<Outcome>(null);
  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const body = {
      name: String(form.get("name") ?? ""),
      query,
      alerts: form.get("alerts") === "on",
      notifyEmail: form.get("notifyEmail") === "on",
    };
    const answer = await call("POST", "/api/screens", body);
    setOutcome(
      answer.ok
        ? { kind: "success", text: t("saved") }
        : { kind: "error", text: st(answer.error) ?? t("failed") },
    );
  }
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="w-full text-base font-semibold">
        {t("saveTitle")}
      </h2>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">{t("name")}</span>
        <input name="name" required maxLength={80} className={`${control} w-56`} />
      </label>
      <Checkbox name="alerts" label={t("alerts")} defaultChecked />
      <Checkbox name="notifyEmail" label={t("email")} />
      <button type="submit" className={button}>
        {t("save")}
      </button>
      {outcome ? (
        <div className="w-full">
          <FormMessage kind={outcome.kind}>{outcome.text}</FormMessage>
        </div>
      ) : null}
    </form>
  );
}

/** One saved screen: a link that opens it, its membership, its alerts switch, rename and delete. */
function ScreenItem({ screen, call }: { screen: SavedScreenView; call: ScreensCall }) {
  const { t } = useTranslation("screens");
  const f = useFormat();
  const [renaming, setRenaming] = useState(false);
  const path = `/api/screens/${screen.id}`;
  async function rename(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const name = String(new FormData(e.currentTarget).get("name") ?? "");
    if ((await call("PATCH", path, { name })).ok) setRenaming(false);
  }
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2" data-testid="saved-screen">
      {renaming ? (
        <form onSubmit={rename} className="flex flex-wrap items-center gap-2">
          <input
            name="name"
            defaultValue={screen.name}
            aria-label={t("renameLabel", { name: screen.name })}
            required
            maxLength={80}
            className={control}
          />
          <button type="submit" className={button}>
            {t("saveName")}
          </button>
          <button type="button" className={quiet} onClick={() => setRenaming(false)}>
            {t("cancel")}
          </button>
        </form>
      ) : (
        <Link
          to={`/screener${screen.query ? `?${screen.query}` : ""}`}
          className="font-semibold text-brand-700 hover:underline dark:text-brand-300"
        >
          {screen.name}
        </Link>
      )}
      <span className="text-sm text-slate-600 dark:text-slate-400">
        {t("members", { formatted: f.integer(screen.memberCount) })} ·{" "}
        {screen.alerts ? t("alertsOn") : t("alertsOff")}
      </span>
      <span className="flex gap-3 sm:ms-auto">
        <button
          type="button"
          className={quiet}
          onClick={() => void call("PATCH", path, { alerts: !screen.alerts })}
        >
          {screen.alerts ? t("turnOff") : t("turnOn")}
        </button>
        <button type="button" className={quiet} onClick={() => setRenaming(true)}>
          {t("rename")}
        </button>
        <button
          type="button"
          className="text-sm font-medium text-red-700 hover:underline dark:text-red-300"
          aria-label={t("deleteLabel", { name: screen.name })}
          onClick={() => void call("DELETE", path)}
        >
          {t("delete")}
        </button>
      </span>
    </li>
  );
}

/** The screener's saved screens: save the screen shown, and the reader's list ("My screens"). */
export function SavedScreens({ query }: { query: string }) {
  const { t } = useTranslation("screens");
  const signedIn = Boolean(useRootData()?.user);
  const { screens, call } = useScreens(signedIn);
  return (
    <section
      className="mt-8 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
      data-testid="saved-screens"
    >
      {signedIn ? (
        <>
          <SaveScreenForm query={query} call={call} />
          <h2 className="mt-6 text-base font-semibold">{t("title")}</h2>
          {screens && screens.length === 0 ? <p className="text-sm">{t("none")}</p> : null}
          <ul className="divide-y divide-slate-200 dark:divide-slate-700">
            {(screens ?? []).map((s) => (
              <ScreenItem key={s.id} screen={s} call={call} />
            ))}
          </ul>
        </>
      ) : (
        <p className="text-sm">
          {t("signIn")}{" "}
          <Link to="/auth" className={quiet}>
            {t("signInLink")}
          </Link>
        </p>
      )}
    </section>
  );
}
