/** The activity fields a CSV's columns can be mapped to. */
export const IMPORT_FIELDS = [
  "type",
  "date",
  "symbol",
  "quantity",
  "unitPrice",
  "currency",
  "amount",
  "commission",
  "vat",
  "withholding",
  "splitRatio",
  "note",
] as const;

export type ImportField = (typeof IMPORT_FIELDS)[number];

/** The header cells of a CSV text (its first line; quoted cells may hold commas). */
export function csvHeader(content: string): string[] {
  const line = content.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === "," || ch === ";") {
      cells.push(cell.trim());
      cell = "";
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells.filter((c) => c !== "");
}

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Each field's column when a header names it (any case and punctuation: "Unit price" → unitPrice). */
export function guessMapping(header: readonly string[]): Partial<Record<ImportField, string>> {
  const mapping: Partial<Record<ImportField, string>> = {};
  for (const field of IMPORT_FIELDS) {
    const hit = header.find((h) => squash(h) === squash(field));
    if (hit) mapping[field] = hit;
  }
  return mapping;
}
