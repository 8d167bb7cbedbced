import { portfolioApi } from "~/lib/server/portfolios-api.server";
import type { Route } from "./+types/api.portfolios.$id.export";

/** GET /api/portfolios/:id/export?format=csv|json|ghostfolio: the activities as a file to save. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return portfolioApi(request, context, ["GET"], async (p, userId) => {
    const format = new URL(request.url).searchParams.get("format") ?? "csv";
    const file = await p.exportActivities(userId, params.id, format);
    return new Response(file.body, {
      headers: {
        "Content-Type": file.contentType,
        "Content-Disposition": `attachment; filename="export"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
        "Cache-Control": "private, no-store",
      },
    });
  });
}
