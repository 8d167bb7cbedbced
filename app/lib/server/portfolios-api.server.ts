import { failureOf } from "#common/action-result";
import { PORTFOLIO_MESSAGES as M } from "#common/portfolio-schema";
import type { Portfolios } from "#server/portfolio/types";
import type { RequestContext, requestContext } from "~/context";
import { getUser, services } from "~/lib/auth.server";
import { createI18n } from "~/lib/i18n";
import { langOf } from "~/lib/locale";
import { serverText } from "~/lib/server-text";
import "~/locales/server";

type Ctx = { get(key: typeof requestContext): RequestContext };

const NO_STORE = { "Cache-Control": "private, no-store" };

/** What a portfolio endpoint answers: a JSON body and its status, or a response of its own (a file). */
export type PortfolioAnswer = { status?: number; body?: unknown } | Response;

/** A server text in the reader's language (the page's, from the address or the referring page). */
function inLanguage(request: Request, text: string): string {
  const asked = new URL(request.url).searchParams.get("lang");
  const lang = asked === "ar" || asked === "en" ? asked : langOf(request);
  return lang === "ar" ? serverText(createI18n("ar").getFixedT("ar", "server"), text) : text;
}

/** The body: a JSON object; anything else (a form, broken JSON, a NUL) is undefined and refused by the service. */
async function readJson(request: Request): Promise<unknown> {
  const text = await request.text().catch(() => "");
  if (!text || !(request.headers.get("content-type") ?? "").includes("application/json")) return undefined;
  try {
    const body = JSON.parse(text);
    return JSON.stringify(body).includes("\\u0000") ? undefined : body;
  } catch {
    return undefined;
  }
}

/**
 * The portfolio endpoints: JSON for signed-in readers only (401 otherwise), the service scoping
 * every row by the reader's id (another reader's portfolio is 404), a refusal answered
 * `{ ok: false, error, field, fields }` in the reader's language with its status, nothing written.
 */
export async function portfolioApi(
  request: Request,
  context: Ctx,
  methods: string[],
  run: (p: Portfolios, userId: string, body: unknown) => Promise<PortfolioAnswer>,
): Promise<Response> {
  // The body is read before any answer: answering before it arrived resets the connection.
  const body = request.method === "GET" || request.method === "HEAD" ? undefined : await readJson(request);
  const json = (payload: unknown, status: number) => Response.json(payload, { status, headers: NO_STORE });
  if (!methods.includes(request.method)) return json({ ok: false, error: "Method not allowed" }, 405);
  const user = await getUser(request, context);
  if (!user) return json({ ok: false, error: inLanguage(request, M.signIn) }, 401);
  const s = services(context);
  try {
    const answer = await run(s.portfolios, user.id, body);
    if (answer instanceof Response) return answer;
    if (answer.status === 204) return new Response(null, { status: 204, headers: NO_STORE });
    return json(answer.body ?? { ok: true }, answer.status ?? 200);
  } catch (err) {
    const { status, body: failure } = failureOf(err, "Something went wrong. Please try again.", (e) =>
      s.log.error({ err: e, path: new URL(request.url).pathname }, "portfolio API failed"),
    );
    const fields = Object.fromEntries(
      Object.entries(failure.fields ?? {}).map(([k, v]) => [k, inLanguage(request, v)]),
    );
    const field = Object.keys(fields)[0];
    return json(
      { ok: false, error: inLanguage(request, failure.error), ...(field ? { field, fields } : {}) },
      status,
    );
  }
}
