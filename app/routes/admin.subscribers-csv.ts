import { requireAdmin, services } from "~/lib/auth.server";
import type { Route } from "./+types/admin.subscribers-csv";

/** GET /admin/subscribers.csv: every subscriber, for a spreadsheet (an audited export). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context);
  const s = services(context);
  try {
    const csv = await s.admin.subscribersCsv();
    await s.admin.audit({ actorId: user.id, action: "newsletter.export_csv" });
    const date = new Date().toISOString().slice(0, 10);
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="subscribers-${date}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (err) {
    s.log.error({ err }, "subscriber export failed");
    return new Response("Failed to fetch subscribers", {
      status: 503,
      headers: { "Content-Type": "text/plain" },
    });
  }
}
