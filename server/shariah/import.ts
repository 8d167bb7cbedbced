import { parseCsv } from "#common/csv-read";
import { MAX_IMPORT_ROWS, SHARIAH_FIELDS, type ShariahRowError, type ShariahRowInput } from "#common/shariah";
import { type CheckedRow, checkRow, type RowRules, rowError } from "./validate";

const REQUIRED = ["symbol", "authority", "ruling", "listDate", "listUrl"] as const;

/** The header's columns by name (any order; the two optional ones may be left out), or null. */
function columnsOf(header: string[]): Map<string, number> | null {
  const names = header.map((h) => h.trim().replace(/^\uFEFF/, ""));
  const known = new Map(SHARIAH_FIELDS.map((f) => [f.toLowerCase(), f]));
  const columns = new Map<string, number>();
  for (const [i, name] of names.entries()) {
    const field = known.get(name.toLowerCase());
    if (!field || columns.has(field)) return null;
    columns.set(field, i);
  }
  return REQUIRED.every((f) => columns.has(f)) ? columns : null;
}

/**
 * A whole file checked before anything is written: every bad row named with its line, field and
 * reason. The file is taken whole or not at all, so `rows` is empty whenever `errors` is not.
 */
export function checkCsv(text: string, rules: RowRules): { rows: CheckedRow[]; errors: ShariahRowError[] } {
  const { records, brokenAt } = parseCsv(text);
  if (brokenAt !== null) return { rows: [], errors: [rowError(brokenAt, "file", "badCsv")] };
  const [header, ...body] = records;
  const columns = header ? columnsOf(header.cells) : null;
  if (!header || !columns) return { rows: [], errors: [rowError(1, "file", "badHeader")] };
  if (body.length === 0) return { rows: [], errors: [rowError(header.line, "file", "empty")] };
  if (body.length > MAX_IMPORT_ROWS) return { rows: [], errors: [rowError(1, "file", "tooManyRows")] };
  const rows: CheckedRow[] = [];
  const errors: ShariahRowError[] = [];
  const seen = new Set<string>();
  for (const { line, cells } of body) {
    if (cells.length !== header.cells.length) {
      errors.push(rowError(line, "file", "badCsv"));
      continue;
    }
    const input = Object.fromEntries([...columns].map(([f, i]) => [f, cells[i]])) as Partial<ShariahRowInput>;
    const checked = checkRow(input, line, rules);
    if ("errors" in checked) {
      errors.push(...checked.errors);
      continue;
    }
    const key = `${checked.value.symbol}|${checked.value.authorityId}`;
    if (seen.has(key)) errors.push(rowError(line, "symbol", "duplicate"));
    seen.add(key);
    rows.push(checked.value);
  }
  return errors.length ? { rows: [], errors } : { rows, errors };
}
