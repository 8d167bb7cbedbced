import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { brokers } from "../db/schema";
import { clampLimit, freeSlug, notFound, rethrowConflict } from "./rows";
import type { Broker, ContentService } from "./types";

/** Recommended brokers: public reads see published rows in the editors' order; the admin sees all. */

type BrokerRow = typeof brokers.$inferSelect;
type Brokers = ContentService["brokers"];

const CONFLICTS = { slug: "Another broker already uses this slug." };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toBroker(row: BrokerRow): Broker {
  const { createdAt: _created, ...rest } = row;
  return { ...rest, rating: Number(row.rating) };
}

const rowValues = (input: Parameters<Brokers["create"]>[0], slug: string) => ({
  name: input.name,
  slug,
  rating: input.rating,
  regulators: input.regulators ?? [],
  minDeposit: input.minDeposit,
  spread: input.spread,
  features: input.features ?? [],
  url: input.url ?? null,
  description: input.description ?? "",
  descriptionAr: input.descriptionAr || null,
  sortOrder: input.sortOrder ?? 0,
  published: input.published ?? true,
});

export function brokerStore(db: Db): Brokers {
  return {
    async list(opts = {}) {
      const rows = await db
        .select()
        .from(brokers)
        .where(opts.includeHidden ? undefined : eq(brokers.published, true))
        .orderBy(asc(brokers.sortOrder), asc(brokers.name))
        .limit(clampLimit(opts.limit, 50));
      return rows.map(toBroker);
    },
    async get(idOrSlug) {
      const [row] = await db
        .select()
        .from(brokers)
        .where(UUID.test(idOrSlug) ? eq(brokers.id, idOrSlug) : eq(brokers.slug, idOrSlug))
        .limit(1);
      if (!row) throw notFound("broker", "Broker not found");
      return toBroker(row);
    },
    async create(input) {
      const slug = input.slug || (await freeSlug(db, brokers.slug, brokers, input.name));
      try {
        const [row] = await db.insert(brokers).values(rowValues(input, slug)).returning();
        return toBroker(row!);
      } catch (err) {
        rethrowConflict(err, CONFLICTS);
      }
    },
    async update(id, patch) {
      const { slug, ...rest } = patch;
      try {
        const [row] = await db
          .update(brokers)
          .set({ ...rest, ...(slug ? { slug } : {}) })
          .where(eq(brokers.id, id))
          .returning();
        if (!row) throw notFound("broker", "Broker not found");
        return toBroker(row);
      } catch (err) {
        rethrowConflict(err, CONFLICTS);
      }
    },
    async delete(id) {
      const rows = await db.delete(brokers).where(eq(brokers.id, id)).returning({ id: brokers.id });
      if (rows.length === 0) throw notFound("broker", "Broker not found");
    },
  };
}
