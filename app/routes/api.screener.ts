import type { ActionFailure } from "#common/action-result";
import { runScreen } from "~/lib/server/screener.server";
import type { Route } from "./+types/api.screener";

/**
 * GET /api/screener?exchange=&sector=&sort=&order=&limit=&offset=&<field>Min=&<field>Max=: one page
 * of listed companies matching the screen, with the total; a bad parameter answers 400 naming it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const result = await runScreen(context, new URL(request.url).searchParams);
  if (!result.ok)
    return Response.json({ ok: false, error: result.error } satisfies ActionFailure, {
      status: 400,
      headers: { "Cache-Control": "no-store" },
    });
  return Response.json(result.answer, { headers: { "Cache-Control": "public, max-age=5" } });
}
