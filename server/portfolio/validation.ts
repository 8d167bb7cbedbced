import { AppError } from "#common/errors";
import {
  ACTIVITY_TYPES,
  BASE_CURRENCIES,
  PORTFOLIO_MESSAGES as M,
  PORTFOLIO_NAME_MAX,
} from "#common/portfolio-schema";
import { fillMessage } from "#common/watchlist-schema";
import { isIsoDate } from "./engine/dates";
import type { ActivityType } from "./engine/types";
import type { ActivityInput, RowError } from "./types";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const notFound = () => new AppError("not_found:portfolio", M.notFound);

/** An id that cannot be a row's is "not found", like another user's row. */
export function ownId(id: unknown, missing: () => AppError = notFound): string {
  if (typeof id !== "string" || !UUID.test(id)) throw missing();
  return id;
}

/** A refusal naming its field: `{ error, fields: { [field]: error } }` on the wire. */
export const badField = (field: string, message: string) =>
  new AppError("bad_request:portfolio", message, { [field]: message });

export function asObject(input: unknown): Record<string, unknown> {
  if (!input || typeof input !== "object" || Array.isArray(input)) throw badField("body", M.body);
  return input as Record<string, unknown>;
}

export function parseName(raw: unknown): string {
  const name = typeof raw === "string" ? raw.trim().replace(/\s+/g, " ") : "";
  if (!name) throw badField("name", M.nameRequired);
  if (name.length > PORTFOLIO_NAME_MAX) throw badField("name", M.nameTooLong);
  return name;
}

export function parseBaseCurrency(raw: unknown): string {
  const code = typeof raw === "string" ? raw.trim().toUpperCase() : "";
  if (!(BASE_CURRENCIES as readonly string[]).includes(code)) throw badField("baseCurrency", M.baseCurrency);
  return code;
}

const ARABIC_DIGITS = /[٠-٩۰-۹]/g;
/**
 * A number as people write it: Arabic-Indic digits, the Arabic decimal separator (٫), thousands
 * separators (, ٬ or spaces). Blank is undefined; anything else unreadable is NaN.
 */
export function readNumber(value: unknown): number | undefined {
  if (typeof value === "number") return value;
  if (value === null || value === undefined) return undefined;
  if (typeof value !== "string") return Number.NaN;
  const text = value
    .trim()
    .replace(ARABIC_DIGITS, (d) => String(d.charCodeAt(0) & 0xf))
    .replace(/٫/g, ".")
    .replace(/[,٬\s]/g, "");
  if (!text) return undefined;
  return /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text) ? Number(text) : Number.NaN;
}

const TRADES = new Set<ActivityType>(["buy", "sell", "rights"]);
const CASH = new Set<ActivityType>(["dividend", "deposit", "withdrawal", "fee"]);
const HELD = new Set<ActivityType>(["buy", "sell", "dividend", "bonus", "split", "rights"]);

/** The instrument an activity names, as the market knows it. */
export interface InstrumentLookup {
  find(symbol: string): { symbol: string; currency: string } | undefined;
}

type Fields = Record<string, unknown>;

function readAmounts(f: Fields, errors: RowError[]) {
  const num = (field: string) => {
    const v = readNumber(f[field]);
    if (v !== undefined && !Number.isFinite(v)) {
      errors.push({ field, message: fillMessage(M.number, { value: String(f[field]).slice(0, 40) }) });
      return 0;
    }
    return v ?? 0;
  };
  return {
    quantity: num("quantity"),
    unitPrice: num("unitPrice"),
    amount: num("amount"),
    commission: num("commission"),
    vat: num("vat"),
    withholding: num("withholding"),
    splitRatio: readNumber(f.splitRatio),
  };
}

/** The symbol and currency: the instrument's own; a price in fils (KWF) becomes dinars. */
function readInstrument(f: Fields, type: ActivityType, lookup: InstrumentLookup, errors: RowError[]) {
  const asked = typeof f.symbol === "string" ? f.symbol.trim() : "";
  const given = typeof f.currency === "string" ? f.currency.trim().toUpperCase() : "";
  if (!asked) {
    if (HELD.has(type)) errors.push({ field: "symbol", message: M.symbolRequired });
    else if (!/^[A-Z]{3}$/.test(given)) errors.push({ field: "currency", message: M.currency });
    return { symbol: null, currency: given, scale: 1 };
  }
  const found = lookup.find(asked);
  if (!found) {
    errors.push({ field: "symbol", message: fillMessage(M.unknownSymbol, { symbol: asked.toUpperCase() }) });
    return { symbol: null, currency: given, scale: 1 };
  }
  // Boursa Kuwait prices in fils (1/1000 dinar); amounts are kept in dinars, the major unit.
  const fils = found.currency === "KWD" && (given === "KWF" || given === "FILS");
  if (given && !fils && given !== found.currency) {
    const message = fillMessage(M.wrongCurrency, { symbol: found.symbol, currency: found.currency });
    errors.push({ field: "currency", message });
  }
  return { symbol: found.symbol, currency: found.currency, scale: fils ? 1 / 1000 : 1 };
}

function checkRules(type: ActivityType, a: ReturnType<typeof readAmounts>, errors: RowError[]) {
  const need = (ok: boolean, field: string, message: string) => {
    if (!ok && !errors.some((e) => e.field === field)) errors.push({ field, message });
  };
  if (TRADES.has(type) || type === "bonus") need(a.quantity > 0, "quantity", M.quantity);
  if (TRADES.has(type)) need(a.unitPrice > 0, "unitPrice", M.price);
  if (CASH.has(type)) need(a.amount > 0, "amount", M.amount);
  if (type === "split") need((a.splitRatio ?? 0) > 0 && a.splitRatio !== 1, "splitRatio", M.splitRatio);
  for (const field of ["quantity", "commission", "vat", "withholding"] as const)
    need(a[field] >= 0, field, M.negative);
}

/**
 * Checks one activity as entered (the API's body, an imported row) and collects every problem,
 * each naming its field. Amounts come back in the instrument's currency, in major units.
 */
export function checkActivity(
  input: unknown,
  lookup: InstrumentLookup,
  today: string,
): { activity?: ActivityInput; errors: RowError[] } {
  const errors: RowError[] = [];
  if (!input || typeof input !== "object" || Array.isArray(input)) {
    return { errors: [{ field: "body", message: M.body }] };
  }
  const f = input as Fields;
  const type = String(f.type ?? "")
    .trim()
    .toLowerCase() as ActivityType;
  if (!ACTIVITY_TYPES.includes(type)) {
    const given = String(f.type ?? "").trim();
    const message = given ? fillMessage(M.importType, { value: given.slice(0, 40) }) : M.type;
    return { errors: [{ field: "type", message }] };
  }
  const date = typeof f.date === "string" ? f.date.trim() : "";
  if (!isIsoDate(date)) errors.push({ field: "date", message: M.date });
  else if (date > today) errors.push({ field: "date", message: M.futureDate });
  const { symbol, currency, scale } = readInstrument(f, type, lookup, errors);
  const a = readAmounts(f, errors);
  checkRules(type, a, errors);
  const note = typeof f.note === "string" ? f.note.trim() : "";
  if (note.length > 500) errors.push({ field: "note", message: M.noteTooLong });
  if (errors.length) return { errors };
  const activity: ActivityInput = {
    type,
    date,
    symbol,
    currency,
    quantity: type === "split" ? 0 : a.quantity,
    unitPrice: TRADES.has(type) ? a.unitPrice * scale : 0,
    amount: CASH.has(type) ? a.amount * scale : 0,
    commission: a.commission * scale,
    vat: a.vat * scale,
    withholding: type === "dividend" ? a.withholding * scale : 0,
    splitRatio: type === "split" ? (a.splitRatio ?? null) : null,
  };
  if (note) activity.note = note;
  return { activity, errors };
}

/** The API's form of checkActivity: the first problem is thrown, naming its field. */
export function parseActivity(input: unknown, lookup: InstrumentLookup, today: string): ActivityInput {
  const { activity, errors } = checkActivity(input, lookup, today);
  if (!activity) throw badField(errors[0]!.field, errors[0]!.message);
  return activity;
}
