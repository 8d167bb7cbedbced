import { data } from "react-router";
import { isAppError } from "#common/errors";
import { getUser, services } from "~/lib/auth.server";
import type { Route } from "./+types/api.locale";

/**
 * POST /api/locale (form field `lang`): the language switch saves a signed-in user's choice in
 * users.locale, so another browser opens in it after sign-in. The browser's own `lang` cookie is
 * set by the switch itself; signed-out visitors have nothing to save here.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const headers = { "Cache-Control": "no-store" };
  if (request.method !== "POST") return data({ error: "Method not allowed." }, { status: 405, headers });
  const user = await getUser(request, context);
  if (!user) return data({ error: "Sign in to save a language." }, { status: 401, headers });
  const form = await request.formData().catch(() => null);
  const lang = form?.get("lang");
  try {
    await services(context).users.setLocale(user.id, typeof lang === "string" ? lang : "");
  } catch (err) {
    if (isAppError(err)) return data({ error: err.message }, { status: 400, headers });
    throw err;
  }
  return data({ ok: true, lang }, { headers });
}
