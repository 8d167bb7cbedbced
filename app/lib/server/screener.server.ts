import { displayableMessage } from "#common/errors";
import { parseScreenerQuery, type ScreenerAnswer, type ScreenerQuery } from "#common/screener";
import { services } from "~/lib/auth.server";

type Ctx = Parameters<typeof services>[0];

/** A screen from URL parameters: the answer, or the message naming the bad parameter. */
export async function runScreen(
  context: Ctx,
  params: URLSearchParams,
): Promise<
  { ok: true; query: ScreenerQuery; answer: ScreenerAnswer } | { ok: false; error: string; field: string }
> {
  const parsed = parseScreenerQuery(params);
  if (!parsed.ok) return { ok: false, error: parsed.error, field: parsed.field };
  const { overview } = services(context);
  await overview.ready();
  try {
    return { ok: true, query: parsed.query, answer: overview.screen(parsed.query) };
  } catch (err) {
    return { ok: false, error: displayableMessage(err, "Bad request"), field: "sector" };
  }
}
