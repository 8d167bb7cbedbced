import { MailX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/forms/field";
import { Link } from "~/components/link";
import { services } from "~/lib/auth.server";
import { readForm } from "~/lib/form.server";
import { metaText } from "~/lib/meta-text";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/newsletter.unsubscribe";
import "~/locales/newsletter";

type View = { state: "invalid" } | { state: "confirm" | "inactive" | "done"; email: string; token: string };

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const info = await services(context).newsletter.unsubscribeInfo(token);
  if (!info) return data<View>({ state: "invalid" }, 404);
  return data<View>({ state: info.isActive ? "confirm" : "inactive", email: info.email, token });
}

/** The confirmation button (a GET never unsubscribes: mail scanners open links). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const token = String(form.get("token") ?? new URL(request.url).searchParams.get("token") ?? "");
  const done = await services(context).newsletter.unsubscribe(token);
  if (!done) return data<View>({ state: "invalid" }, 404);
  return data<View>({ state: "done", email: done.email, token });
}

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("newsletter");
  const navigation = useNavigation();
  const view = (actionData ?? loaderData) as View;
  const busy = navigation.state === "submitting";
  return (
    <div className="mx-auto flex max-w-lg flex-col px-4 py-16">
      <div className="rounded-xl border bg-white p-8 text-center shadow-sm">
        <MailX aria-hidden className="mx-auto size-10 text-brand-600" />
        <p className="mt-2 text-sm font-medium uppercase tracking-wide text-slate-500">
          {t("unsubscribe.title")}
        </p>
        {view.state === "invalid" ? (
          <>
            <h1 className="mt-2 text-2xl font-bold text-slate-900">{t("unsubscribe.invalidHeading")}</h1>
            <p className="mt-3 text-slate-600">{t("unsubscribe.invalidText")}</p>
          </>
        ) : view.state === "confirm" ? (
          <>
            <h1 className="mt-2 text-2xl font-bold text-slate-900">{t("unsubscribe.confirmHeading")}</h1>
            <p className="mt-3 text-slate-600">{t("unsubscribe.confirmText", { email: view.email })}</p>
            <Form method="post" className="mt-6">
              <input type="hidden" name="token" value={view.token} />
              <button type="submit" className={buttonClass} disabled={busy}>
                {busy ? t("unsubscribe.busy") : t("unsubscribe.button")}
              </button>
            </Form>
          </>
        ) : (
          <>
            <h1 className="mt-2 text-2xl font-bold text-slate-900" role="status">
              {t("unsubscribe.doneHeading")}
            </h1>
            <p className="mt-3 text-slate-600">
              {view.state === "done"
                ? t("unsubscribe.doneText", { email: view.email })
                : t("unsubscribe.alreadyText", { email: view.email })}
            </p>
            <p className="mt-2 text-sm text-slate-500">{t("unsubscribe.comeBack")}</p>
          </>
        )}
        {view.state !== "confirm" ? (
          <Link to="/" className="mt-6 inline-block text-brand-600 underline">
            {t("unsubscribe.home")}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    ...metaText(matches, "unsubscribe"),
    path: "/newsletter/unsubscribe",
    noindex: true,
  });
