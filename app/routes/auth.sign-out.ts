import { redirect } from "react-router";
import { getUser, services } from "~/lib/auth.server";
import { langOf, localePath } from "~/lib/locale";
import type { Route } from "./+types/auth.sign-out";

/**
 * Sign-out is global — the cookie is cleared and every session of the user is revoked.
 * Failures are logged only; the browser still ends up signed out.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const s = services(context);
  const user = await getUser(request, context);
  const headers = new Headers();
  try {
    const res = await s.auth.api.signOut({ headers: request.headers, asResponse: true });
    for (const cookie of res.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  } catch (err) {
    s.log.warn({ err }, "sign-out failed");
  }
  if (user) {
    try {
      await s.revokeAllSessions(user.id);
    } catch (err) {
      s.log.warn({ err }, "global sign-out failed");
    }
  }
  return redirect(localePath(langOf(request), "/"), { headers });
}

export const loader = ({ request }: Route.LoaderArgs) => redirect(localePath(langOf(request), "/"));
