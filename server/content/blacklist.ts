import { asc, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { blacklistEntries } from "../db/schema";
import { clampLimit, notFound, rethrowConflict } from "./rows";
import type { BlacklistEntry, ContentService } from "./types";

/** The broker blacklist: newest entries first, one entry per broker name. */

type BlacklistRow = typeof blacklistEntries.$inferSelect;
type Blacklist = ContentService["blacklist"];

const CONFLICTS = { name: "This broker is already on the blacklist." };

function toBlacklist(row: BlacklistRow): BlacklistEntry {
  const { createdAt: _created, ...rest } = row;
  return rest;
}

const rowValues = (input: Parameters<Blacklist["create"]>[0]) => ({
  name: input.name,
  reason: input.reason,
  warning: input.warning,
  reasonAr: input.reasonAr || null,
  warningAr: input.warningAr || null,
  severity: input.severity,
  regulator: input.regulator ?? null,
  dateAdded: input.dateAdded ?? new Date(),
});

export function blacklistStore(db: Db): Blacklist {
  return {
    async list(opts = {}) {
      const rows = await db
        .select()
        .from(blacklistEntries)
        .orderBy(desc(blacklistEntries.dateAdded), asc(blacklistEntries.name))
        .limit(clampLimit(opts.limit, 100));
      return rows.map(toBlacklist);
    },
    async get(id) {
      const [row] = await db.select().from(blacklistEntries).where(eq(blacklistEntries.id, id)).limit(1);
      if (!row) throw notFound("blacklist", "Blacklist entry not found");
      return toBlacklist(row);
    },
    async create(input) {
      try {
        const [row] = await db.insert(blacklistEntries).values(rowValues(input)).returning();
        return toBlacklist(row!);
      } catch (err) {
        rethrowConflict(err, CONFLICTS);
      }
    },
    async update(id, patch) {
      const { dateAdded, ...rest } = patch;
      try {
        const [row] = await db
          .update(blacklistEntries)
          .set({ ...rest, ...(dateAdded ? { dateAdded } : {}) })
          .where(eq(blacklistEntries.id, id))
          .returning();
        if (!row) throw notFound("blacklist", "Blacklist entry not found");
        return toBlacklist(row);
      } catch (err) {
        rethrowConflict(err, CONFLICTS);
      }
    },
    async delete(id) {
      const rows = await db
        .delete(blacklistEntries)
        .where(eq(blacklistEntries.id, id))
        .returning({ id: blacklistEntries.id });
      if (rows.length === 0) throw notFound("blacklist", "Blacklist entry not found");
    },
  };
}
