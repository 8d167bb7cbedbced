import {
  SHARIAH_FIELDS,
  SHARIAH_ROW_ERRORS,
  SHARIAH_RULINGS,
  type ShariahField,
  type ShariahRowError,
  type ShariahRowErrorCode,
  type ShariahRowInput,
  type ShariahRulingValue,
} from "#common/shariah";

/** A row ready to store: the symbol as the market spells it, every field checked. */
export interface CheckedRow {
  symbol: string;
  authorityId: string;
  ruling: ShariahRulingValue;
  listDate: string;
  listUrl: string;
  purificationPerShare: string | null;
  source: string;
}

export interface RowRules {
  /** The listed symbol for what the editor typed, or undefined when no company has it. */
  symbolOf(typed: string): string | undefined;
  authorityIds: ReadonlySet<string>;
  /** Today (YYYY-MM-DD, UTC): a list cannot be dated later. */
  today: string;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const AMOUNT = /^\d{1,4}(\.\d{1,4})?$/;
const MAX_SOURCE = 500;
const MAX_URL = 2000;
// Control characters never belong in a stored text (they would reach the page and the API).
// biome-ignore lint/suspicious/noControlCharactersInRegex: the rule is about exactly these characters
const CONTROL = /[\u0000-\u001f\u007f]/g;

export const rowError = (row: number, field: ShariahRowError["field"], code: ShariahRowErrorCode) => ({
  row,
  field,
  code,
  message: { ...SHARIAH_ROW_ERRORS[code] },
});

function validDate(value: string, today: string) {
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(`${value}T00:00:00Z`);
  const real = !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
  return real && value >= "2000-01-01" && value <= today;
}

function validUrl(value: string) {
  if (value.length > MAX_URL) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".") && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** One row's checks; every failing field is named, not only the first. */
export function checkRow(
  input: Partial<ShariahRowInput>,
  row: number,
  rules: RowRules,
): { value: CheckedRow } | { errors: ShariahRowError[] } {
  const v = Object.fromEntries(
    SHARIAH_FIELDS.map((f) => [f, (input[f] ?? "").replace(CONTROL, " ").trim()]),
  ) as ShariahRowInput;
  const errors: ShariahRowError[] = [];
  const fail = (field: ShariahField, code: ShariahRowErrorCode) => errors.push(rowError(row, field, code));
  for (const field of ["symbol", "authority", "ruling", "listDate", "listUrl"] as const)
    if (!v[field]) fail(field, "required");
  const symbol = v.symbol ? rules.symbolOf(v.symbol) : undefined;
  if (v.symbol && !symbol) fail("symbol", "unknownSymbol");
  const authorityId = v.authority.toLowerCase();
  if (v.authority && !rules.authorityIds.has(authorityId)) fail("authority", "unknownAuthority");
  const ruling = v.ruling.toLowerCase() as ShariahRulingValue;
  if (v.ruling && !SHARIAH_RULINGS.includes(ruling)) fail("ruling", "badRuling");
  if (v.listDate && !validDate(v.listDate, rules.today)) fail("listDate", "badDate");
  if (v.listUrl && !validUrl(v.listUrl)) fail("listUrl", "badUrl");
  const amount = v.purificationPerShare;
  if (amount && (!AMOUNT.test(amount) || Number(amount) > 1000)) fail("purificationPerShare", "badAmount");
  if (v.source.length > MAX_SOURCE) fail("source", "tooLong");
  if (errors.length) return { errors };
  return {
    value: {
      symbol: symbol!,
      authorityId,
      ruling,
      listDate: v.listDate,
      listUrl: v.listUrl,
      purificationPerShare: amount || null,
      source: v.source,
    },
  };
}
