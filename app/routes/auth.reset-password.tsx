import { useTranslation } from "react-i18next";
import { data, Form, useActionData, useNavigation, useSearchParams } from "react-router";
import { type ActionResult, fieldErrors } from "#common/action-result";
import { PASSWORD_IS_EMAIL, PASSWORD_TOO_COMMON, resetPasswordSchema } from "#common/auth-schema";
import { buttonClass, Field } from "~/components/forms/field";
import { Link } from "~/components/link";
import { services } from "~/lib/auth.server";
import { readForm } from "~/lib/form.server";
import { metaText } from "~/lib/meta-text";
import { pageMeta } from "~/lib/seo";
import { useServerText } from "~/lib/server-text";
import type { Route } from "./+types/auth.reset-password";
import "~/locales/auth";

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = resetPasswordSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success)
    return data<ActionResult>({ ok: false, error: "", fields: fieldErrors(parsed.error) }, 400);
  try {
    await services(context).auth.api.resetPassword({
      body: { token: parsed.data.token, newPassword: parsed.data.password },
    });
    return data<ActionResult>({ ok: true });
  } catch (err) {
    // A weak new password is the field's error (the link still works); anything else is the link.
    const message = (err as { body?: { message?: unknown } }).body?.message;
    if (message === PASSWORD_TOO_COMMON || message === PASSWORD_IS_EMAIL)
      return data<ActionResult>({ ok: false, error: "", fields: { password: message } }, 400);
    return data<ActionResult>({ ok: false, error: "invalid", fields: { token: "invalid" } }, 400);
  }
}

export default function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const result = useActionData<typeof action>();
  const fields = result && !result.ok ? result.fields : undefined;
  const busy = useNavigation().state !== "idle";
  const st = useServerText();
  const token = params.get("token") ?? "";
  const invalid = !token || params.get("error") || fields?.token;
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="rounded-xl border bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold text-brand-900">{t("forgotTitle")}</h1>
        {result?.ok ? (
          <p role="status" className="mt-4 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
            {t("passwordChanged")}
          </p>
        ) : invalid ? (
          <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {t("invalidToken")}
          </p>
        ) : (
          <Form method="post" className="mt-6 flex flex-col gap-4">
            <input type="hidden" name="token" value={token} />
            <Field
              label={t("newPassword")}
              name="password"
              type="password"
              minLength={6}
              autoComplete="new-password"
              required
              error={st(fields?.password)}
            />
            <button type="submit" className={buttonClass} disabled={busy}>
              {busy ? t("loading") : t("setPassword")}
            </button>
          </Form>
        )}
        <Link to="/auth" className="mt-6 block text-center text-sm text-brand-600 hover:underline">
          {t("backToSignIn")}
        </Link>
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    ...metaText(matches, "resetPassword"),
    path: "/auth/reset-password",
    noindex: true,
  });
