import type {
  ChatInfo,
  ChatRequest,
  ConversationSummary,
  chatRequestSchema,
  StoredMessage,
} from "#common/chat";

/** The assistant: its answers (streamed) and a signed-in reader's saved conversations. */
export interface ChatService {
  info(): ChatInfo;
  /** Zod schema of the POST /api/chat body (the message length limit comes from config). */
  requestSchema: ReturnType<typeof chatRequestSchema>;
  /**
   * Everything after validation and identification: rate limit, history, the streamed reply,
   * saving. Throws AppError (429, 404) before the stream starts.
   */
  reply(input: {
    body: ChatRequest;
    userId: string | null;
    ip: string;
    signal: AbortSignal;
  }): Promise<Response>;
  listConversations(userId: string): Promise<ConversationSummary[]>;
  /** Throws not_found unless the conversation is the user's. */
  conversationMessages(userId: string, conversationId: string): Promise<StoredMessage[]>;
  deleteConversation(userId: string, conversationId: string): Promise<void>;
}
