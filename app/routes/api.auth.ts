import type { Route } from "./+types/api.auth";
import { services } from "~/lib/auth.server";

// Better Auth's own endpoints (sign-up, sign-in, verify-email, reset-password...).
export const loader = ({ request, context }: Route.LoaderArgs) => services(context).auth.handler(request);
export const action = ({ request, context }: Route.ActionArgs) => services(context).auth.handler(request);
