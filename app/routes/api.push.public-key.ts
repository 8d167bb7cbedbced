import { services } from "~/lib/auth.server";
import type { Route } from "./+types/api.push.public-key";

/**
 * GET /api/push/public-key: the VAPID public key browsers subscribe with (applicationServerKey).
 * Public; revalidated on each use, since a changed key means every device subscribes again.
 */
export function loader({ context }: Route.LoaderArgs) {
  return Response.json(
    { publicKey: services(context).push.publicKey },
    { headers: { "Cache-Control": "no-cache" } },
  );
}
