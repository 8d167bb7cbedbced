import { disclosureFeedSchema } from "#common/disclosures";
import { services } from "~/lib/auth.server";
import { adminApi } from "~/lib/server/admin-api.server";
import type { Route } from "./+types/api.admin.disclosure-feeds";

/** POST /api/admin/disclosure-feeds: an editor adds or changes a disclosure feed and its symbol-mapping rule (admins only; audited). */
export async function action({ request, context }: Route.ActionArgs) {
  return adminApi(request, context, disclosureFeedSchema, async (input, actor) => {
    const disclosures = services(context).disclosures;
    const saved = await disclosures.saveFeed(actor.id, input);
    // Polled at once, so the editor sees the rule's result (or the feed's error) in the list now.
    await disclosures.pollDue(new Date(), { feedId: saved.id });
    const feed = (await disclosures.feeds()).find((f) => f.id === saved.id) ?? saved;
    return { ok: true, message: "Feed saved.", id: feed.id, lastError: feed.lastError };
  });
}
