import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";
import {
  alertNotifications,
  chatConversations,
  chatMessages,
  priceAlerts,
  session,
  user,
  userRoles,
} from "./schema";

let s: Services;
beforeAll(async () => {
  s = await createTestServices();
});
afterAll(() => s.close());

describe("migrations", () => {
  it("create every stored spec entity", async () => {
    const rows = await s.database.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public'",
    );
    const names = rows.map((r) => r.table_name);
    for (const t of [
      "user",
      "session",
      "account",
      "verification",
      "user_roles",
      "newsletter_subscribers",
      "chat_conversations",
      "chat_messages",
      "price_alerts",
      "alert_notifications",
      "mail_outbox",
    ]) {
      expect(names).toContain(t);
    }
  });

  it("index every foreign key column", async () => {
    // Every FK's first column must lead some index on its table.
    const missing = await s.database.query<{ tbl: string; col: string }>(`
      select c.conrelid::regclass::text as tbl, a.attname as col
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f'
        and not exists (
          select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1]
        )`);
    expect(missing).toEqual([]);
  });
});

describe("deleting a user", () => {
  it("cascades to every row the user owns", async () => {
    await s.db.insert(user).values({ id: "gone", name: "Gone", email: "gone@example.com" });
    await s.db.insert(session).values({
      id: "s1",
      token: "tok",
      userId: "gone",
      expiresAt: new Date(Date.now() + 60_000),
    });
    await s.db.insert(userRoles).values({ userId: "gone", role: "admin" });
    const [conv] = await s.db.insert(chatConversations).values({ userId: "gone", title: "Hi" }).returning();
    await s.db
      .insert(chatMessages)
      .values({ conversationId: conv!.id, userId: "gone", role: "user", content: "x" });
    const [alert] = await s.db
      .insert(priceAlerts)
      .values({ userId: "gone", symbol: "TASI", alertType: "above", targetValue: 12000 })
      .returning();
    await s.db
      .insert(alertNotifications)
      .values({ userId: "gone", alertId: alert!.id, title: "t", message: "m" });

    await s.db.delete(user).where(eq(user.id, "gone"));

    for (const table of [
      "session",
      "user_roles",
      "chat_conversations",
      "chat_messages",
      "price_alerts",
      "alert_notifications",
    ]) {
      const [row] = await s.database.query<{ n: number }>(`select count(*)::int as n from ${table}`);
      expect(row!.n, table).toBe(0);
    }
  });

  it("deleting a conversation deletes its messages", async () => {
    await s.db.insert(user).values({ id: "keep", name: "Keep", email: "keep@example.com" });
    const [conv] = await s.db.insert(chatConversations).values({ userId: "keep" }).returning();
    expect(conv!.title).toBe("New Conversation");
    await s.db
      .insert(chatMessages)
      .values({ conversationId: conv!.id, userId: "keep", role: "user", content: "x" });
    await s.db.delete(chatConversations).where(eq(chatConversations.id, conv!.id));
    const [row] = await s.db.select({ n: sql<number>`count(*)::int` }).from(chatMessages);
    expect(row!.n).toBe(0);
  });
});
