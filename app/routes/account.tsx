import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import type { PushDevice } from "#common/push-schema";
import { PushDevices } from "~/components/account/push-devices";
import { SignOutEverywhere } from "~/components/account/sign-out-everywhere";
import { WebhookSettings } from "~/components/account/webhook-settings";
import { buttonClass } from "~/components/forms/field";
import { Page } from "~/components/layout/page";
import { RouteError } from "~/components/layout/route-error";
import { Link } from "~/components/link";
import { getUser, services } from "~/lib/auth.server";
import { metaText } from "~/lib/meta-text";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/account";
import "~/locales/account";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request, context);
  if (!user) return { signedIn: false as const, devices: [] as PushDevice[] };
  return { signedIn: true as const, devices: await services(context).push.devices(user.id) };
}

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { revalidate } = useRevalidator();
  return (
    <Page title={t("title")} subtitle={t("subtitle")}>
      {!loaderData.signedIn ? (
        <div className="rounded-xl border border-slate-200 bg-white px-6 py-12 text-center">
          <p className="text-lg text-slate-700">{t("signedOut.text")}</p>
          <Link to="/auth?redirectTo=/account" className={`${buttonClass} mt-4`}>
            {t("signedOut.signIn")}
          </Link>
        </div>
      ) : (
        <div className="flex max-w-4xl flex-col gap-6">
          <PushDevices devices={loaderData.devices} onChanged={() => void revalidate()} />
          {/* Sections of their own, each with its heading. */}
          <WebhookSettings />
          <SignOutEverywhere />
        </div>
      )}
    </Page>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    ...metaText(matches, "account"),
    path: "/account",
    noindex: true,
  });

export function ErrorBoundary() {
  const { t } = useTranslation("account");
  return <RouteError title={t("title")} message={t("push.failed")} />;
}
