import { and, asc, count, eq } from "drizzle-orm";
import { AppError } from "#common/errors";
import {
  SCREEN_MESSAGES as M,
  MAX_SCREENS_PER_USER,
  type SavedScreenView,
  type ScreenCreateInput,
  type ScreenUpdateInput,
} from "#common/screens-schema";
import type { Db } from "../db/client";
import { savedScreens } from "../db/schema";

type Row = typeof savedScreens.$inferSelect;

export const toView = (r: Row): SavedScreenView => ({
  id: r.id,
  name: r.name,
  query: r.query,
  alerts: r.alerts,
  notifyEmail: r.notifyEmail,
  memberCount: r.members.length,
  createdAt: r.createdAt.toISOString(),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError("not_found:screen", M.notFound);
/** The unique (user, name) index refused the write. */
const isDuplicate = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
};

/** Every read and write is scoped by the user's id: another user's screen is "not found". */
export function createScreenStore(db: Db) {
  const mine = (userId: string, id: string) => and(eq(savedScreens.userId, userId), eq(savedScreens.id, id));
  return {
    async list(userId: string) {
      const rows = await db
        .select()
        .from(savedScreens)
        .where(eq(savedScreens.userId, userId))
        .orderBy(asc(savedScreens.createdAt), asc(savedScreens.name));
      return rows.map(toView);
    },
    async create(userId: string, input: ScreenCreateInput, members: string[]) {
      const [{ n } = { n: 0 }] = await db
        .select({ n: count() })
        .from(savedScreens)
        .where(eq(savedScreens.userId, userId));
      if (n >= MAX_SCREENS_PER_USER) throw new AppError("conflict:screen_limit", M.limit);
      try {
        const [row] = await db
          .insert(savedScreens)
          .values({ userId, ...input, members })
          .returning();
        return row!;
      } catch (err) {
        if (isDuplicate(err)) throw new AppError("conflict:screen_name", M.duplicate);
        throw err;
      }
    },
    async update(userId: string, id: string, patch: ScreenUpdateInput) {
      if (!UUID.test(id)) throw notFound();
      try {
        const [row] = await db
          .update(savedScreens)
          .set({ ...patch, updatedAt: new Date() })
          .where(mine(userId, id))
          .returning();
        if (!row) throw notFound();
        return row;
      } catch (err) {
        if (isDuplicate(err)) throw new AppError("conflict:screen_name", M.duplicate);
        throw err;
      }
    },
    async remove(userId: string, id: string) {
      if (!UUID.test(id)) throw notFound();
      const gone = await db.delete(savedScreens).where(mine(userId, id)).returning({ id: savedScreens.id });
      if (gone.length === 0) throw notFound();
    },
  };
}
export type ScreenStore = ReturnType<typeof createScreenStore>;
