import { z } from "zod";
import { chatError, chatErrorFrom, chatService, requireChatUser } from "~/lib/server/chat-api.server";
import type { Route } from "./+types/api.chat.conversations.$id";

const idSchema = z.uuid();

/** GET /api/chat/conversations/:id: the messages of one of the user's own conversations. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const chat = chatService(context);
  const user = await requireChatUser(request, context);
  const id = idSchema.safeParse(params.id);
  if (!id.success) return chatError(404, "not_found:chat_conversation", "Conversation not found");
  try {
    return Response.json({ messages: await chat.conversationMessages(user.id, id.data) });
  } catch (err) {
    return chatErrorFrom(err, context, "Failed to load chat messages");
  }
}

/** DELETE /api/chat/conversations/:id: deletes one of the user's own conversations. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "DELETE") return chatError(405, "bad_request:method", "Method not allowed");
  const chat = chatService(context);
  const user = await requireChatUser(request, context);
  const id = idSchema.safeParse(params.id);
  if (!id.success) return chatError(404, "not_found:chat_conversation", "Conversation not found");
  try {
    await chat.deleteConversation(user.id, id.data);
    return new Response(null, { status: 204 });
  } catch (err) {
    return chatErrorFrom(err, context, "Failed to delete conversation");
  }
}
