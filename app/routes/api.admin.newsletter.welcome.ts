import { NEWSLETTER_ADMIN_MESSAGES as M, sendWelcomeSchema } from "#common/newsletter-schema";
import { services } from "~/lib/auth.server";
import { adminApi } from "~/lib/server/admin-api.server";
import type { Route } from "./+types/api.admin.newsletter.welcome";

/** Sends a welcome mail: { email, fullName, frequency } (admins only). */
export async function action({ request, context }: Route.ActionArgs) {
  return adminApi(request, context, sendWelcomeSchema, async (input) => {
    await services(context).newsletter.sendWelcome(input);
    return { ok: true, message: M.welcomeTestSent };
  });
}
