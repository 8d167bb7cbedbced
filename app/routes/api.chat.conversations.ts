import { chatErrorFrom, chatService, requireChatUser } from "~/lib/server/chat-api.server";
import type { Route } from "./+types/api.chat.conversations";

/** GET /api/chat/conversations: the signed-in user's own conversations, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const chat = chatService(context);
  const user = await requireChatUser(request, context);
  try {
    return Response.json({ conversations: await chat.listConversations(user.id) });
  } catch (err) {
    return chatErrorFrom(err, context, "Failed to load chat history");
  }
}
