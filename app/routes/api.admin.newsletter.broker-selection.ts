import { NEWSLETTER_ADMIN_MESSAGES as M, sendBrokerSelectionSchema } from "#common/newsletter-schema";
import { services } from "~/lib/auth.server";
import { adminApi } from "~/lib/server/admin-api.server";
import type { Route } from "./+types/api.admin.newsletter.broker-selection";

/** Sends a broker selection mail: { email, fullName, brokerName } (admins only). */
export async function action({ request, context }: Route.ActionArgs) {
  return adminApi(request, context, sendBrokerSelectionSchema, async (input) => {
    await services(context).newsletter.sendBrokerSelection(input);
    return { ok: true, message: M.brokerTestSent };
  });
}
