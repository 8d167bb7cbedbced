import { AppError } from "#common/errors";
import { PORTFOLIO_MESSAGES as M } from "#common/portfolio-schema";
import { fillMessage } from "#common/watchlist-schema";
import { badField } from "../validation";

/** The activity fields a CSV column can hold. */
export const CSV_FIELDS = [
  "date",
  "type",
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
export type CsvField = (typeof CSV_FIELDS)[number];

/**
 * Column names recognised without a mapping: English as brokers and Ghostfolio's CSV write them,
 * and Arabic as Gulf brokers' statements head them. Compared after `normalise`.
 */
const HEADERS: Record<CsvField, string[]> = {
  date: [
    "date",
    "trade date",
    "transaction date",
    "value date",
    "settlement date",
    "تاريخ",
    "التاريخ",
    "تاريخ التداول",
    "تاريخ العملية",
    "تاريخ التنفيذ",
    "تاريخ الصفقة",
  ],
  type: [
    "type",
    "action",
    "side",
    "transaction type",
    "activity",
    "order type",
    "نوع",
    "النوع",
    "نوع العملية",
    "العملية",
    "نوع الامر",
    "نوع الحركة",
  ],
  symbol: [
    "symbol",
    "code",
    "ticker",
    "stock code",
    "security code",
    "instrument",
    "الرمز",
    "رمز",
    "رمز السهم",
    "رمز الشركة",
    "رمز الورقة المالية",
  ],
  quantity: ["quantity", "qty", "shares", "units", "الكمية", "عدد الاسهم", "الكمية المنفذة", "الكميه"],
  unitPrice: [
    "unitprice",
    "unit price",
    "price",
    "execution price",
    "trade price",
    "السعر",
    "سعر التنفيذ",
    "سعر السهم",
    "سعر الوحدة",
    "متوسط السعر",
  ],
  currency: ["currency", "ccy", "العملة", "العمله"],
  amount: [
    "amount",
    "value",
    "net amount",
    "gross amount",
    "cash amount",
    "المبلغ",
    "القيمة",
    "القيمه",
    "صافي المبلغ",
  ],
  commission: ["commission", "fee", "fees", "brokerage", "العمولة", "عمولة", "العموله", "عمولة الوساطة"],
  vat: ["vat", "vat on commission", "ضريبة القيمة المضافة", "الضريبة", "ضريبه القيمه المضافه"],
  withholding: ["withholding", "withholding tax", "tax withheld", "ضريبة الاستقطاع", "الضريبة المقتطعة"],
  splitRatio: ["splitratio", "split ratio", "ratio", "نسبة التجزئة", "النسبة"],
  note: ["note", "notes", "comment", "description", "ملاحظات", "ملاحظة", "البيان", "الوصف"],
};

/** Lower case, no BOM, Arabic diacritics, tatweel or hamza forms of alif, one space between words. */
export const normalise = (text: string) =>
  text
    .replace(/^\uFEFF/, "")
    .toLowerCase()
    .replace(/[\u064B-\u0652\u0640]/g, "")
    .replace(/[أإآ]/g, "ا")
    .replace(/[_\-./()]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();

const KNOWN = new Map<string, CsvField>(
  Object.entries(HEADERS).flatMap(([field, names]) => names.map((n) => [normalise(n), field as CsvField])),
);

/** Splits CSV text into rows of cells (quoted cells, doubled quotes, CRLF), by its delimiter. */
export function parseCsv(text: string): string[][] {
  const firstLine = text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  const delimiter = [",", ";", "\t"].reduce((best, d) =>
    firstLine.split(d).length > firstLine.split(best).length ? d : best,
  );
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = "";
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === "") quoted = true;
    else if (c === delimiter) endCell();
    else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      endRow();
    } else cell += c;
  }
  if (cell !== "" || row.length) endRow();
  return rows.filter((r) => r.some((c) => c.trim() !== ""));
}

/** Which column holds each field: the reader's mapping first, then the recognised headers. */
export function columnsOf(header: string[], mapping: unknown): Map<CsvField, number> {
  const columns = new Map<CsvField, number>();
  header.forEach((name, i) => {
    const field = KNOWN.get(normalise(name));
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
  const [header, ...rows] = parseCsv(content);
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
