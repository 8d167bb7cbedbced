import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { ConversationSummary, StoredMessage } from "#common/chat";
import type { Db } from "../db/client";
import { chatConversations, chatMessages } from "../db/schema";

/** Conversation and message queries. Every one has the owner's user id in its WHERE clause. */

const summary = (row: { id: string; title: string; updatedAt: Date }): ConversationSummary => ({
  id: row.id,
  title: row.title,
  updatedAt: row.updatedAt.toISOString(),
});

export async function listConversations(db: Db, { userId }: { userId: string }) {
  const rows = await db
    .select({
      id: chatConversations.id,
      title: chatConversations.title,
      updatedAt: chatConversations.updatedAt,
    })
    .from(chatConversations)
    .where(eq(chatConversations.userId, userId))
    .orderBy(desc(chatConversations.updatedAt))
    .limit(200);
  return rows.map(summary);
}

export async function findConversation(
  db: Db,
  { userId, conversationId }: { userId: string; conversationId: string },
) {
  const [row] = await db
    .select({
      id: chatConversations.id,
      title: chatConversations.title,
      updatedAt: chatConversations.updatedAt,
    })
    .from(chatConversations)
    .where(and(eq(chatConversations.id, conversationId), eq(chatConversations.userId, userId)));
  return row ? summary(row) : null;
}

export async function createConversation(db: Db, { userId, title }: { userId: string; title: string }) {
  const [row] = await db.insert(chatConversations).values({ userId, title }).returning({
    id: chatConversations.id,
    title: chatConversations.title,
    updatedAt: chatConversations.updatedAt,
  });
  return summary(row!);
}

/**
 * A conversation and its latest messages (oldest first) in one round trip: the endpoint runs it
 * before the first token, so it is on the latency path (bench:chat).
 */
export async function findConversationWithHistory(
  db: Db,
  { userId, conversationId, last }: { userId: string; conversationId: string; last: number },
): Promise<{
  conversation: ConversationSummary;
  history: Array<{ role: "user" | "assistant"; content: string }>;
} | null> {
  const result = await db.execute<{
    id: string;
    title: string;
    updated_at: Date | string;
    role: "user" | "assistant" | null;
    content: string | null;
  }>(sql`
    select c.id, c.title, c.updated_at, m.role, m.content
    from ${chatConversations} c
    left join lateral (
      select role, content, created_at, id from ${chatMessages}
      where conversation_id = c.id and user_id = c.user_id
      order by created_at desc, id desc
      limit ${last}
    ) m on true
    where c.id = ${conversationId} and c.user_id = ${userId}
    order by m.created_at asc nulls first, m.id asc`);
  const rows = (result as unknown as { rows: Array<Record<string, any>> }).rows;
  if (rows.length === 0) return null;
  const first = rows[0]!;
  return {
    conversation: summary({ id: first.id, title: first.title, updatedAt: new Date(first.updated_at) }),
    history: rows.filter((r) => r.role !== null).map((r) => ({ role: r.role, content: r.content })),
  };
}

/** Messages oldest first; `last` keeps only the most recent ones (for the model's context). */
export async function listMessages(
  db: Db,
  { userId, conversationId, last }: { userId: string; conversationId: string; last?: number },
): Promise<StoredMessage[]> {
  const where = and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.userId, userId));
  const columns = {
    id: chatMessages.id,
    role: chatMessages.role,
    content: chatMessages.content,
    createdAt: chatMessages.createdAt,
  };
  const rows = last
    ? (
        await db
          .select(columns)
          .from(chatMessages)
          .where(where)
          .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
          .limit(last)
      ).reverse()
    : await db
        .select(columns)
        .from(chatMessages)
        .where(where)
        .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** After a successful reply both messages are saved and updated_at is refreshed. */
export async function saveExchange(
  db: Db,
  input: { userId: string; conversationId: string; userText: string; assistantText: string },
): Promise<ConversationSummary | null> {
  return db.transaction(async (tx) => {
    const [conversation] = await tx
      .update(chatConversations)
      .set({ updatedAt: sql`now()` })
      .where(and(eq(chatConversations.id, input.conversationId), eq(chatConversations.userId, input.userId)))
      .returning({
        id: chatConversations.id,
        title: chatConversations.title,
        updatedAt: chatConversations.updatedAt,
      });
    if (!conversation) return null;
    // The reply is stamped a millisecond after the question so ordering by created_at is stable.
    const at = new Date();
    await tx.insert(chatMessages).values([
      {
        conversationId: input.conversationId,
        userId: input.userId,
        role: "user",
        content: input.userText,
        createdAt: at,
      },
      {
        conversationId: input.conversationId,
        userId: input.userId,
        role: "assistant",
        content: input.assistantText,
        createdAt: new Date(at.getTime() + 1),
      },
    ]);
    return summary(conversation);
  });
}

export async function deleteConversation(
  db: Db,
  { userId, conversationId }: { userId: string; conversationId: string },
) {
  const rows = await db
    .delete(chatConversations)
    .where(and(eq(chatConversations.id, conversationId), eq(chatConversations.userId, userId)))
    .returning({ id: chatConversations.id });
  return rows.length > 0;
}
