import { and, eq, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * One shipped translation of one column: the English column and the text we shipped in it, the
 * translated column and the text to put there.
 */
export interface ShippedTranslation {
  source: AnyPgColumn;
  shipped: string;
  target: AnyPgColumn;
  text: string;
}

/**
 * A shipped translation may be filled into a row seeded before it existed only while the
 * translated field is still empty and the English is still the text we shipped: an editor's
 * translation, or an English text an editor rewrote, is never replaced.
 */
const fillable = (t: ShippedTranslation): SQL =>
  and(sql`coalesce(${t.target}, '') = ''`, eq(t.source, t.shipped))!;

/** The new value of the translated column: the shipped text when fillable, else what is there. */
export const filledValue = (t: ShippedTranslation): SQL =>
  sql`case when ${fillable(t)} then ${t.text} else ${t.target} end`;

/** The rows worth writing: the key matches and at least one column is fillable (so a rerun writes nothing). */
export const anyFillable = (key: SQL, translations: ShippedTranslation[]): SQL =>
  and(key, or(...translations.map(fillable)))!;
