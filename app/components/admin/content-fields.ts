import { ARTICLE_SECTIONS, type ContentEntity, PRIORITIES, SEVERITIES } from "#common/admin/forms";
import { IMPORTANCE_LEVELS } from "#common/analytics-options";

export type FieldType =
  | "text"
  | "textarea"
  | "markdown"
  | "select"
  | "checkbox"
  | "number"
  | "datetime"
  | "list"
  | "url";

export interface FieldDef {
  name: string;
  type: FieldType;
  required?: boolean;
  options?: readonly string[];
  /** Adds an empty choice to a select. */
  optional?: boolean;
  step?: string;
  min?: number;
  max?: number;
  rows?: number;
  /** Initial value of a new item. */
  initial?: string | boolean;
  /** Spans both columns of the form grid. */
  wide?: boolean;
  /** The optional Arabic version of another field: written right to left, marked lang="ar". */
  arabic?: boolean;
}

export type ColumnKind = "text" | "date" | "datetime" | "bool" | "badge" | "rating" | "feedStatus";
export interface ColumnDef {
  name: string;
  kind: ColumnKind;
}

/** The form and list of each content type (labels come from admin.json content.fields.*). */
export const CONTENT_UI: Record<ContentEntity, { fields: FieldDef[]; columns: ColumnDef[] }> = {
  articles: {
    fields: [
      { name: "title", type: "text", required: true, wide: true },
      { name: "titleAr", type: "text", wide: true, arabic: true },
      { name: "section", type: "select", options: ARTICLE_SECTIONS, required: true },
      { name: "slug", type: "text" },
      { name: "category", type: "text" },
      { name: "priority", type: "select", options: PRIORITIES, optional: true },
      { name: "bankName", type: "text" },
      { name: "publishedAt", type: "datetime" },
      { name: "excerpt", type: "textarea", rows: 2, wide: true },
      { name: "excerptAr", type: "textarea", rows: 2, wide: true, arabic: true },
      { name: "bodyMarkdown", type: "markdown", rows: 12, wide: true },
      { name: "bodyMarkdownAr", type: "markdown", rows: 12, wide: true, arabic: true },
      { name: "published", type: "checkbox", initial: true },
    ],
    columns: [
      { name: "title", kind: "text" },
      { name: "section", kind: "badge" },
      { name: "published", kind: "bool" },
      { name: "publishedAt", kind: "datetime" },
    ],
  },
  brokers: {
    fields: [
      { name: "name", type: "text", required: true },
      { name: "slug", type: "text" },
      { name: "rating", type: "number", required: true, step: "0.1", min: 0, max: 5 },
      { name: "regulators", type: "list" },
      { name: "minDeposit", type: "text", required: true },
      { name: "spread", type: "text", required: true },
      { name: "url", type: "url" },
      { name: "sortOrder", type: "number", step: "1", min: 0, initial: "0" },
      { name: "features", type: "list", wide: true },
      { name: "description", type: "textarea", rows: 3, wide: true },
      { name: "descriptionAr", type: "textarea", rows: 3, wide: true, arabic: true },
      { name: "published", type: "checkbox", initial: true },
    ],
    columns: [
      { name: "name", kind: "text" },
      { name: "rating", kind: "rating" },
      { name: "minDeposit", kind: "text" },
      { name: "published", kind: "bool" },
    ],
  },
  blacklist: {
    fields: [
      { name: "name", type: "text", required: true },
      { name: "severity", type: "select", options: SEVERITIES, required: true },
      { name: "dateAdded", type: "datetime" },
      { name: "regulator", type: "text" },
      { name: "reason", type: "textarea", rows: 2, required: true, wide: true },
      { name: "reasonAr", type: "textarea", rows: 2, wide: true, arabic: true },
      { name: "warning", type: "textarea", rows: 3, required: true, wide: true },
      { name: "warningAr", type: "textarea", rows: 3, wide: true, arabic: true },
    ],
    columns: [
      { name: "name", kind: "text" },
      { name: "severity", kind: "badge" },
      { name: "dateAdded", kind: "date" },
    ],
  },
  events: {
    fields: [
      { name: "title", type: "text", required: true, wide: true },
      { name: "startsAt", type: "datetime", required: true },
      { name: "importance", type: "select", options: IMPORTANCE_LEVELS, required: true },
      { name: "country", type: "text", required: true },
      { name: "category", type: "text", required: true },
      { name: "forecast", type: "text" },
      { name: "previous", type: "text" },
      { name: "description", type: "textarea", rows: 2, wide: true },
      { name: "impact", type: "textarea", rows: 2, wide: true },
    ],
    columns: [
      { name: "title", kind: "text" },
      { name: "country", kind: "text" },
      { name: "importance", kind: "badge" },
      { name: "startsAt", kind: "datetime" },
    ],
  },
  education: {
    fields: [
      { name: "title", type: "text", required: true },
      { name: "section", type: "text", required: true },
      { name: "slug", type: "text" },
      { name: "sortOrder", type: "number", step: "1", min: 0, initial: "0" },
      { name: "body", type: "textarea", rows: 5, required: true, wide: true },
      { name: "titleAr", type: "text", wide: true, arabic: true },
      { name: "bodyAr", type: "textarea", rows: 5, wide: true, arabic: true },
    ],
    columns: [
      { name: "section", kind: "text" },
      { name: "title", kind: "text" },
    ],
  },
  feeds: {
    fields: [
      { name: "url", type: "url", required: true, wide: true },
      { name: "name", type: "text", required: true },
      { name: "category", type: "text", required: true, initial: "markets" },
      { name: "enabled", type: "checkbox", initial: true },
    ],
    columns: [
      { name: "name", kind: "text" },
      { name: "category", kind: "text" },
      { name: "enabled", kind: "bool" },
      { name: "lastFetchedAt", kind: "feedStatus" },
    ],
  },
};

/** A stored row as the strings and booleans the form shows (times in GMT). */
export function formValue(field: FieldDef, row: Record<string, unknown> | null): string | boolean {
  if (!row) return field.initial ?? (field.type === "checkbox" ? false : "");
  const v = row[field.name];
  if (field.type === "checkbox") return Boolean(v);
  if (v === null || v === undefined) return "";
  if (field.type === "datetime") return new Date(v as string).toISOString().slice(0, 16);
  if (Array.isArray(v)) return v.join(", ");
  return String(v);
}
