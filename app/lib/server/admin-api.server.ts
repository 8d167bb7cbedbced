import { data } from "react-router";
import type { z } from "zod";
import { type ActionResult, failureOf, invalid } from "#common/action-result";
import { displayableMessage } from "#common/errors";
import type { RequestContext, requestContext } from "~/context";
import { requireAdmin, services } from "~/lib/auth.server";
import { readFormFields } from "~/lib/form.server";

type Ctx = { get(key: typeof requestContext): RequestContext };

export type AdminApiResult = ActionResult<{ message: string } & Record<string, unknown>>;

/**
 * The admin mail tools (newsletter send, welcome and broker tests) as JSON endpoints for admins.
 * requireAdmin redirects people to "/";
 * an API caller gets a plain 403 instead of a page.
 */
export async function adminApi(
  request: Request,
  context: Ctx,
  schema: z.ZodType,
  run: (input: any, actor: { id: string; email: string }) => Promise<AdminApiResult>,
) {
  let actor: { id: string; email: string };
  try {
    actor = await requireAdmin(request, context);
  } catch (err) {
    if (err instanceof Response) return data<AdminApiResult>({ ok: false, error: "Forbidden" }, 403);
    throw err;
  }
  if (request.method !== "POST") return data<AdminApiResult>({ ok: false, error: "Method not allowed" }, 405);
  const body = await readBody(request);
  // A broken body must not fall back to the defaults (for mail retry, "all dead mail").
  if (!body)
    return data<AdminApiResult>({ ok: false, error: "The request body must be a JSON object." }, 400);
  const parsed = schema.safeParse(body);
  if (!parsed.success) return data<AdminApiResult>(invalid(parsed.error), 400);
  try {
    return data<AdminApiResult>(await run(parsed.data, actor));
  } catch (err) {
    // A failed send shows the server's message (unless it names database internals).
    const { status, body } = failureOf(err, displayableMessage(err, "Failed"), (err) =>
      services(context).log.error({ err }, "admin newsletter API failed"),
    );
    return data<AdminApiResult>(body, status);
  }
}

/** JSON or an ordinary form post; null when the JSON is not an object. */
async function readBody(request: Request): Promise<Record<string, unknown> | null> {
  if ((request.headers.get("content-type") ?? "").includes("application/json")) {
    try {
      const json = await request.json();
      return json && typeof json === "object" && !Array.isArray(json)
        ? (json as Record<string, unknown>)
        : null;
    } catch {
      return null;
    }
  }
  return readFormFields(request);
}
