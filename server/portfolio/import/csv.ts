import { AppError } from "#common/errors";
import { CSV_FIELDS, type CsvField, csvRows, normalise, recognisedField } from "#common/portfolio-csv";
import { PORTFOLIO_MESSAGES as M } from "#common/portfolio-schema";
import { fillMessage } from "#common/watchlist-schema";
import { badField } from "../validation";

/** Which column holds each field: the reader's mapping first, then the recognised headers. */
export function columnsOf(header: string[], mapping: unknown): Map<CsvField, number> {
  const columns = new Map<CsvField, number>();
  header.forEach((name, i) => {
    const field = recognisedField(name);
    if (field && !columns.has(field)) columns.set(field, i);
  });
  if (mapping && typeof mapping === "object" && !Array.isArray(mapping)) {
    for (const [field, column] of Object.entries(mapping)) {
      if (!(CSV_FIELDS as readonly string[]).includes(field) || typeof column !== "string" || !column)
        continue;
      const i = header.findIndex((h) => normalise(h) === normalise(column));
      if (i < 0)
        throw badField("mapping", fillMessage(M.importUnknownColumn, { column: column.slice(0, 60) }));
      columns.set(field as CsvField, i);
    }
  }
  for (const field of ["date", "type"] as const) {
    if (!columns.has(field)) throw badField("mapping", fillMessage(M.importColumn, { field }));
  }
  return columns;
}

const TYPES: Record<string, string> = Object.fromEntries(
  Object.entries({
    buy: ["buy", "b", "purchase", "bought", "شراء"],
    sell: ["sell", "s", "sale", "sold", "بيع"],
    dividend: [
      "dividend",
      "div",
      "cash dividend",
      "توزيعات",
      "توزيع نقدي",
      "ارباح",
      "توزيع ارباح",
      "توزيعات نقدية",
    ],
    bonus: ["bonus", "bonus shares", "stock dividend", "اسهم منحة", "منحة", "منحه"],
    split: ["split", "stock split", "تجزئة", "تجزئة الاسهم"],
    rights: ["rights", "rights issue", "subscription", "حقوق اولوية", "حقوق الاولوية", "اكتتاب"],
    deposit: ["deposit", "cash in", "ايداع", "إيداع"],
    withdrawal: ["withdrawal", "withdraw", "cash out", "سحب"],
    fee: ["fee", "fees", "charge", "رسوم"],
  }).flatMap(([type, words]) => words.map((w) => [normalise(w), type])),
);

/** A date as statements write it: ISO, YYYYMMDD, or day first (DD/MM/YYYY, DD-MM-YYYY). */
export function readDate(raw: string): string {
  const text = raw.trim().replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) & 0xf));
  let m = text.match(/^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/);
  if (m) return `${m[1]}-${m[2]!.padStart(2, "0")}-${m[3]!.padStart(2, "0")}`;
  m = text.match(/^(\d{4})(\d{2})(\d{2})$/);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  m = text.match(/^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/);
  if (m) return `${m[3]}-${m[2]!.padStart(2, "0")}-${m[1]!.padStart(2, "0")}`;
  return text;
}

/** The file's rows as activity fields (unchecked), in file order; row 1 is the first after the header. */
export function csvRecords(content: string, mapping: unknown): Array<Record<string, unknown>> {
  const [header, ...rows] = csvRows(content);
  if (!header || rows.length === 0)
    throw new AppError("bad_request:portfolio_import", M.importEmpty, { content: M.importEmpty });
  const columns = columnsOf(header, mapping);
  return rows.map((cells) => {
    const record: Record<string, unknown> = {};
    for (const [field, i] of columns) {
      const value = (cells[i] ?? "").trim();
      if (value !== "") record[field] = value;
    }
    if (typeof record.date === "string") record.date = readDate(record.date);
    if (typeof record.type === "string") record.type = TYPES[normalise(record.type)] ?? record.type;
    return record;
  });
}
