import type { ActionFailure } from "#common/action-result";
import { parseInstrumentsQuery } from "#common/instruments";
import { services } from "~/lib/auth.server";
import type { Route } from "./+types/api.instruments";

/**
 * GET /api/instruments?q=&exchange=&limit=: listed companies (and the curated instruments) whose
 * symbol or English or Arabic name matches, for the instrument picker and other clients.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = parseInstrumentsQuery(new URL(request.url).searchParams);
  // Bad input answers the shared failure shape, like every other API.
  if (!parsed.ok)
    return Response.json({ ok: false, error: parsed.error } satisfies ActionFailure, {
      status: 400,
      headers: { "Cache-Control": "no-store" },
    });
  const { instruments } = services(context);
  return Response.json(
    { instruments: await instruments.summaries(parsed.query) },
    { headers: { "Cache-Control": "public, max-age=60" } },
  );
}
