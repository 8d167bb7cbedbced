import { failureOf } from "#common/action-result";
import type { ChatErrorBody } from "#common/chat";
import type { ChatService } from "#server/chat/types";
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
  const log = (err: unknown) => context.get(requestContext).services.log.error({ err }, fallback);
  const { status, code, body } = failureOf(err, fallback, log, "unavailable:chat");
  return chatError(status, code, body.error, body.fields);
}

export function chatService(context: Ctx): ChatService {
  return context.get(requestContext).services.chat;
}

/** Conversation endpoints are for signed-in users only; others get 401 (no redirect: JSON API). */
export async function requireChatUser(request: Request, context: Ctx) {
  const user = await getUser(request, context);
  if (!user) throw chatError(401, "unauthorized:chat", "Sign in to save and see your chat history.");
  return user;
}

export const clientIp = (context: Ctx) => context.get(requestContext).clientIp;
