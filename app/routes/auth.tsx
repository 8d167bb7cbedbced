import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, useActionData, useNavigation, useSearchParams } from "react-router";
import { type ActionResult as Answer, fieldErrors } from "#common/action-result";
import { authFormSchema, PASSWORD_IS_EMAIL, PASSWORD_TOO_COMMON } from "#common/auth-schema";
import { displayableMessage } from "#common/errors";
import { safeRedirect } from "#common/safe-redirect";
import { buttonClass, Field } from "~/components/forms/field";
import { Link, useNavigate } from "~/components/link";
import { requireAnonymous, services } from "~/lib/auth.server";
import { readForm } from "~/lib/form.server";
import { langOf, localePath, splitLocale } from "~/lib/locale";
import { metaText } from "~/lib/meta-text";
import { pageMeta } from "~/lib/seo";
import { useServerText } from "~/lib/server-text";
import { toast } from "~/lib/toast";
import type { Route } from "./+types/auth";
import "~/locales/auth";

type Mode = "signin" | "signup" | "forgot";
/** The answer names the form it answers; `error` is the server's text ("" for field errors only). */
type ActionResult = Answer<{ redirectTo?: string }> & { intent: Mode };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAnonymous(request, context);
  return null;
}

async function authMessage(res: Response, fallback: string) {
  try {
    const body = (await res.json()) as { message?: string };
    return body.message || fallback;
  } catch {
    return fallback;
  }
}

const fail = (intent: Mode, message: string, status = 400) =>
  data<ActionResult>({ ok: false, intent, error: message }, status);
/** A refused new password is the password field's error; the auth library's 429 (too many
 * attempts) stays a 429; its other refusals are a 400. */
async function refusal(intent: Mode, res: Response, fallback: string) {
  const message = await authMessage(res, fallback);
  if (message === PASSWORD_TOO_COMMON || message === PASSWORD_IS_EMAIL)
    return data<ActionResult>({ ok: false, intent, error: "", fields: { password: message } }, 400);
  return fail(intent, message, res.status === 429 ? 429 : 400);
}

export async function action({ request, context }: Route.ActionArgs) {
  const s = services(context);
  const callAuth = (from: Request, path: string, body: unknown) => {
    const headers = new Headers(from.headers);
    headers.set("content-type", "application/json");
    headers.delete("content-length");
    const url = new URL(`/api/auth${path}`, from.url);
    return s.auth.handler(new Request(url, { method: "POST", headers, body: JSON.stringify(body) }));
  };
  const form = Object.fromEntries(await readForm(request));
  const parsed = authFormSchema.safeParse(form);
  const intent = (
    ["signin", "signup", "forgot"].includes(String(form.intent)) ? form.intent : "signin"
  ) as Mode;
  if (!parsed.success) {
    return data<ActionResult>(
      { ok: false, intent, error: "", fields: fieldErrors(parsed.error) },
      { status: 400 },
    );
  }
  const input = parsed.data;
  const fallback = "An error occurred during authentication";
  try {
    // Through the auth library's HTTP handler (not auth.api) so its rate limits and origin checks apply.
    if (input.intent === "signup") {
      const res = await callAuth(request, "/sign-up/email", {
        email: input.email,
        password: input.password,
        name: input.fullName,
        callbackURL: localePath(langOf(request), "/auth?verified=1"),
      });
      if (!res.ok) return refusal(intent, res, fallback);
      return data<ActionResult>({ ok: true, intent });
    }
    if (input.intent === "forgot") {
      const res = await callAuth(request, "/request-password-reset", {
        email: input.email,
        redirectTo: localePath(langOf(request), "/auth/reset-password"),
      });
      if (!res.ok) return refusal(intent, res, fallback);
      return data<ActionResult>({ ok: true, intent });
    }
    const res = await callAuth(request, "/sign-in/email", { email: input.email, password: input.password });
    if (!res.ok) return refusal(intent, res, fallback);
    const headers = new Headers();
    for (const cookie of res.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
    return data<ActionResult>({ ok: true, intent, redirectTo }, { headers });
  } catch (err) {
    s.log.warn({ err }, "auth action failed");
    return fail(intent, displayableMessage(err, fallback));
  }
}

export default function AuthPage() {
  const { t } = useTranslation("auth");
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const navigation = useNavigation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>(params.get("mode") === "signup" ? "signup" : "signin");
  const busy =
    navigation.state !== "idle" && splitLocale(navigation.formAction ?? "").path.startsWith("/auth");
  const errors = result && !result.ok && result.intent === mode ? result.fields : undefined;
  const st = useServerText();

  useEffect(() => {
    if (!result) return;
    if (!result.ok) {
      if (result.error) toast.error(st(result.error));
      return;
    }
    if (result.intent === "signin") {
      toast.success(t("signedIn"));
      // Go to / (or the page that sent the user here) 0.5 s after signing in.
      const timer = setTimeout(() => navigate(result.redirectTo ?? "/"), 500);
      return () => clearTimeout(timer);
    }
    toast.success(result.intent === "signup" ? t("checkEmail") : t("resetSent"));
  }, [result, navigate, t, st]);

  const title =
    mode === "signup" ? t("signUpTitle") : mode === "forgot" ? t("forgotTitle") : t("signInTitle");
  const submitLabel = mode === "signup" ? t("signUp") : mode === "forgot" ? t("sendReset") : t("signIn");
  const notice =
    result?.ok && result.intent === mode
      ? mode === "signin"
        ? t("signedIn")
        : mode === "signup"
          ? t("checkEmail")
          : t("resetSent")
      : params.get("verified")
        ? t("verified")
        : null;

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-16">
      <div className="rounded-xl border bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold text-brand-900">{title}</h1>
        {mode === "forgot" ? <p className="mt-2 text-sm text-slate-600">{t("forgotHelp")}</p> : null}
        {notice ? (
          <p role="status" className="mt-4 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
            {notice}
          </p>
        ) : null}
        {result && !result.ok && result.error && result.intent === mode ? (
          <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {st(result.error)}
          </p>
        ) : null}
        <Form method="post" className="mt-6 flex flex-col gap-4" key={mode}>
          <input type="hidden" name="intent" value={mode} />
          {mode === "signup" ? (
            <Field
              label={t("fullName")}
              name="fullName"
              autoComplete="name"
              required
              error={st(errors?.fullName)}
            />
          ) : null}
          <Field
            label={t("email")}
            name="email"
            type="email"
            autoComplete="email"
            required
            error={st(errors?.email)}
          />
          {mode !== "forgot" ? (
            <Field
              label={t("password")}
              name="password"
              type="password"
              minLength={6}
              autoComplete={mode === "signup" ? "new-password" : "current-password"}
              required
              error={st(errors?.password)}
            />
          ) : null}
          <button type="submit" className={buttonClass} disabled={busy}>
            {busy ? t("loading") : submitLabel}
          </button>
        </Form>
        <div className="mt-6 flex flex-col items-center gap-2 text-sm">
          {mode === "signin" ? (
            <>
              <button
                type="button"
                className="text-brand-600 hover:underline"
                onClick={() => setMode("signup")}
              >
                {t("toSignUp")}
              </button>
              <button
                type="button"
                className="text-slate-500 hover:underline"
                onClick={() => setMode("forgot")}
              >
                {t("forgot")}
              </button>
            </>
          ) : (
            <button
              type="button"
              className="text-brand-600 hover:underline"
              onClick={() => setMode("signin")}
            >
              {mode === "signup" ? t("toSignIn") : t("backToSignIn")}
            </button>
          )}
          {result?.ok && result.intent === "signin" ? (
            <Link to={result.redirectTo ?? "/"} className="text-brand-600 underline">
              {t("continue")}
            </Link>
          ) : null}
        </div>
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    ...metaText(matches, "auth"),
    path: "/auth",
    noindex: true,
  });
