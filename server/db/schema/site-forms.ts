import { boolean, index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/** Contact, partnership and access-request submissions. */
export const formSubmissions = pgTable(
  "form_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ["contact", "partnership", "access"] }).notNull(),
    email: text("email").notNull(),
    payload: jsonb("payload").$type<Record<string, string>>().notNull(),
    ip: text("ip"),
    handled: boolean("handled").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("form_submissions_created_idx").on(t.createdAt),
    index("form_submissions_kind_idx").on(t.kind),
  ],
);
