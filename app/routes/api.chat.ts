import { timeZoneFromCookie } from "#common/calendar-options";
import { getUser } from "~/lib/auth.server";
import { langOf } from "~/lib/locale";
import { chatError, chatErrorFrom, chatService, clientIp } from "~/lib/server/chat-api.server";
import type { Route } from "./+types/api.chat";

/** GET /api/chat: which assistant answers (model or offline) and the message length limit. */
export function loader({ context }: Route.LoaderArgs) {
  return Response.json(chatService(context).info());
}

/**
 * POST /api/chat streams the reply as text/event-stream. Order: validate the body, identify the
 * user, then the service rate-limits, loads history, streams and saves.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return chatError(405, "bad_request:method", "Method not allowed");
  const chat = chatService(context);
  const json = await request.json().catch(() => null);
  const parsed = chat.requestSchema.safeParse(json);
  if (!parsed.success) {
    const tooLong = parsed.error.issues.some((i) => i.path[0] === "message" && i.message === "too_long");
    const message = tooLong
      ? `Messages can be at most ${chat.info().maxMessageChars.toLocaleString("en-US")} characters.`
      : "Please enter a message.";
    return chatError(400, "bad_request:chat", message, { message });
  }
  const user = await getUser(request, context);
  try {
    return await chat.reply({
      // An older page may not send its language: the page it was sent from says it (Referer).
      body: {
        ...parsed.data,
        lang: parsed.data.lang ?? langOf(request),
        timeZone: timeZoneFromCookie(request.headers.get("cookie")),
      },
      userId: user?.id ?? null,
      ip: clientIp(context),
      signal: request.signal,
    });
  } catch (err) {
    const res = chatErrorFrom(err, context, "Failed to get AI response");
    // The site's own chat limit says when the next message is accepted.
    const retryAfter = (err as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    if (typeof retryAfter === "number") res.headers.set("Retry-After", String(retryAfter));
    return res;
  }
}
