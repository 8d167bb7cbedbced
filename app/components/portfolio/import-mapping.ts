import { CSV_FIELDS, type CsvField, csvRows, recognisedField } from "#common/portfolio-csv";

/** The activity fields a CSV's columns can be mapped to (the server's import reads the same). */
export const IMPORT_FIELDS = CSV_FIELDS;
export type ImportField = CsvField;

/** The header cells of a CSV text (its first row, in whichever delimiter it uses). */
export function csvHeader(content: string): string[] {
  return (csvRows(content)[0] ?? []).map((c) => c.trim()).filter((c) => c !== "");
}

/**
 * Each field's column when a header names it, in English or Arabic as the server recognises it
 * ("Unit price" → unitPrice, «سعر التنفيذ» → unitPrice); the first column naming a field wins.
 */
export function guessMapping(header: readonly string[]): Partial<Record<ImportField, string>> {
  const mapping: Partial<Record<ImportField, string>> = {};
  for (const name of header) {
    const field = recognisedField(name);
    if (field && !mapping[field]) mapping[field] = name;
  }
  return mapping;
}
