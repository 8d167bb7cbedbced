import type { ChatErrorBody } from "#common/chat";
import { isAppError } from "#common/errors";
import type { ChatService } from "#server/chat";
import { type RequestContext, requestContext } from "~/context";
import { getUser } from "~/lib/auth.server";

type Ctx = { get(key: typeof requestContext): RequestContext };

/** JSON error answer of the chat endpoints: the typed code and the user-facing text. */
export function chatError(status: number, code: string, message: string, fields?: Record<string, string>) {
  const body: ChatErrorBody = { error: { code, message, ...(fields ? { fields } : {}) } };
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

/** Maps an AppError to its status and text; anything else is logged and becomes a 500. */
export function chatErrorFrom(err: unknown, context: Ctx, fallback: string) {
  const appError = isAppError(err) ? err : null;
  if (appError) return chatError(appError.status, appError.code, appError.message, appError.fields);
  context.get(requestContext).services.log.error({ err }, fallback);
  return chatError(500, "unavailable:chat", fallback);
}

export function chatService(context: Ctx): ChatService {
  const chat = context.get(requestContext).services.chat;
  if (!chat) throw chatError(503, "unavailable:chat", "The chat is not available.");
  return chat;
}

/** Conversation endpoints are for signed-in users only; others get 401 (no redirect: JSON API). */
export async function requireChatUser(request: Request, context: Ctx) {
  const user = await getUser(request, context);
  if (!user) throw chatError(401, "unauthorized:chat", "Sign in to save and see your chat history.");
  return user;
}

export const clientIp = (context: Ctx) => context.get(requestContext).clientIp;

/**
 * Mutations only from our own pages: a browser sends Origin on POST and DELETE, and a foreign one
 * is refused (no Origin, as from curl or a server, is allowed: it carries no visitor's cookies).
 */
export function assertSameOrigin(request: Request, context: Ctx) {
  const origin = request.headers.get("origin");
  if (!origin) return;
  const allowed = new Set([
    new URL(request.url).origin,
    new URL(context.get(requestContext).services.config.publicUrl).origin,
  ]);
  if (!allowed.has(origin)) throw chatError(403, "forbidden:origin", "Cross-site requests are not allowed.");
}
