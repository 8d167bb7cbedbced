import { data } from "react-router";
import type { z } from "zod";
import { type ActionResult, failureOf, invalid } from "#common/action-result";
import { AppError } from "#common/errors";
import { WEBHOOK_MESSAGES } from "#common/webhook-schema";
import type { RequestContext, requestContext } from "~/context";
import { getUser, services } from "~/lib/auth.server";
import { readFormFields } from "~/lib/form.server";

type Ctx = { get(key: typeof requestContext): RequestContext };
type Answer = ActionResult<Record<string, unknown>>;

const NO_STORE = { "Cache-Control": "private, no-store" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A route's :id; one that cannot be a row's id is "not found", like another user's row. */
export function idParam(raw: string | undefined, what: "webhook" | "alert"): string {
  if (raw && UUID.test(raw)) return raw;
  throw what === "webhook"
    ? new AppError("not_found:webhook", WEBHOOK_MESSAGES.notFound)
    : new AppError("not_found:alert", WEBHOOK_MESSAGES.alertNotFound);
}

export const SIGN_IN_REQUIRED = "Sign in to manage webhooks.";

export const answer = (body: Answer, status = 200, headers: Record<string, string> = {}) =>
  data<Answer>(body, { status, headers: { ...NO_STORE, ...headers } });

/**
 * The webhook, delivery-log and push endpoints: JSON for signed-in users only (401 with `signIn` or the webhooks' text otherwise, no
 * redirect), the body checked by its schema (400 with field errors, nothing written), the work
 * scoped by the user's id, and an AppError's status and text passed on (429 with Retry-After).
 */
export async function userApi(
  request: Request,
  context: Ctx,
  o: { methods: string[]; schema?: z.ZodType; signIn?: string },
  run: (userId: string, input: any) => Promise<Answer>,
) {
  if (!o.methods.includes(request.method)) return answer({ ok: false, error: "Method not allowed" }, 405);
  const user = await getUser(request, context);
  if (!user) return answer({ ok: false, error: o.signIn ?? SIGN_IN_REQUIRED }, 401);
  let input: unknown;
  // A body the endpoint does not use is still read: answering before it arrives resets the connection.
  if (!o.schema) await request.arrayBuffer().catch(() => {});
  if (o.schema) {
    const body = await readBody(request);
    if (!body) return answer({ ok: false, error: "The request body must be a JSON object or a form." }, 400);
    const parsed = o.schema.safeParse(body);
    if (!parsed.success) return answer(invalid(parsed.error), 400);
    input = parsed.data;
  }
  try {
    return answer(await run(user.id, input));
  } catch (err) {
    const { status, body } = failureOf(err, "Something went wrong. Please try again.", (e) =>
      services(context).log.error({ err: e, path: new URL(request.url).pathname }, "user API failed"),
    );
    const wait = status === 429 ? body.error.match(/(\d+) s\.$/)?.[1] : undefined;
    return answer(body, status, wait ? { "Retry-After": wait } : {});
  }
}

/** A JSON object or an ordinary form post; null for anything else (or text holding NUL). */
async function readBody(request: Request): Promise<Record<string, unknown> | null> {
  const type = request.headers.get("content-type") ?? "";
  let body: unknown;
  if (type.includes("application/json")) {
    try {
      body = await request.json();
    } catch {
      return null;
    }
  } else {
    try {
      body = await readFormFields(request);
    } catch {
      return null;
    }
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) return null;
  // PostgreSQL text cannot hold NUL: refused here rather than failing the write.
  return JSON.stringify(body).includes("\\u0000") ? null : (body as Record<string, unknown>);
}
