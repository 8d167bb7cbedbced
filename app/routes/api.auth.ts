import { services } from "~/lib/auth.server";
import { bodyHasNul } from "~/lib/form.server";
import type { Route } from "./+types/api.auth";

// Better Auth's own endpoints (sign-up, sign-in, verify-email, reset-password...).
export const loader = ({ request, context }: Route.LoaderArgs) => services(context).auth.handler(request);

export async function action({ request, context }: Route.ActionArgs) {
  // Its queries would fail on NUL (a 500); answered in its own error format instead.
  if (await bodyHasNul(request)) {
    return Response.json(
      { message: "Text must not contain NUL characters.", code: "BAD_REQUEST" },
      { status: 400 },
    );
  }
  return services(context).auth.handler(request);
}
