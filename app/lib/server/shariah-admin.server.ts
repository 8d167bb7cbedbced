import { data } from "react-router";
import type { z } from "zod";
import { SHARIAH_REFUSED, type ShariahRowError } from "#common/shariah";
import type { RequestContext, requestContext } from "~/context";
import { type AdminApiResult, adminApi } from "./admin-api.server";

type Ctx = { get(key: typeof requestContext): RequestContext };

/** A refusal naming each bad row (line, field, reason in English and Arabic): 400, nothing written. */
export const refusedRows = (rowErrors: ShariahRowError[]) =>
  ({ ok: false, error: SHARIAH_REFUSED, rowErrors }) as unknown as AdminApiResult;

/**
 * The Shariah editor's JSON endpoints: the admin check, body parsing and error mapping of every
 * admin API, with refused rows answered 400 rather than 200.
 */
export async function shariahAdminApi(
  request: Request,
  context: Ctx,
  schema: z.ZodType,
  run: (input: any, actor: { id: string; email: string }) => Promise<AdminApiResult>,
) {
  const out = await adminApi(request, context, schema, run);
  const body = out.data as AdminApiResult & { rowErrors?: unknown };
  return body.ok === false && body.rowErrors ? data(body, 400) : out;
}
