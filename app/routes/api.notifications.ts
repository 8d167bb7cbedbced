import { data } from "react-router";
import { getUser, services } from "~/lib/auth.server";
import type { Route } from "./+types/api.notifications";

/** The header bell's count: GET /api/notifications -> { unread }. Signed-out visitors get 0. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const headers = { "Cache-Control": "private, no-store" };
  const user = await getUser(request, context);
  const { alerts } = services(context);
  if (!user) return data({ unread: 0 }, { headers });
  try {
    return data({ unread: await alerts.unreadCount(user.id) }, { headers });
  } catch (err) {
    services(context).log.error({ err }, "alerts: unread count failed");
    return data({ unread: 0, error: true }, { status: 503, headers });
  }
}
