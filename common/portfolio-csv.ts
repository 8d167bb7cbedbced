import { detectDelimiter, parseCsv } from "./csv-read";

/**
 * The columns of a portfolio CSV: the fields an activity has, and the header names recognised
 * without a mapping (English as brokers and Ghostfolio's CSV write them, Arabic as Gulf brokers'
 * statements head them). Shared by the import on the server and the page's mapping guess.
 */
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

/** Column names recognised without a mapping, compared after `normalise`. */
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

/** The field a header cell names, when it is one of the recognised names. */
export const recognisedField = (name: string): CsvField | undefined => KNOWN.get(normalise(name));

/** A CSV text's rows of cells, in whichever delimiter it uses; blank rows left out. */
export function csvRows(text: string): string[][] {
  return parseCsv(text, detectDelimiter(text))
    .records.map((r) => r.cells)
    .filter((cells) => cells.some((c) => c.trim() !== ""));
}
