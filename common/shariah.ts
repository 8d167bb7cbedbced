import { z } from "zod";

/**
 * Shariah rulings as published by screening authorities (docs/product/markets.md, "Shariah
 * status"). The site reports a published ruling with its list and date; it never rules itself.
 */

export const SHARIAH_RULINGS = ["compliant", "non-compliant", "mixed"] as const;
export type ShariahRulingValue = (typeof SHARIAH_RULINGS)[number];

/** An authority's id: lowercase letters, digits and dashes (the CSV names authorities by it). */
export const AUTHORITY_ID = /^[a-z0-9][a-z0-9-]{1,39}$/;

/** One authority's ruling on one company, as the page and the API show it. */
export interface ShariahRuling {
  symbol: string;
  authority: { id: string; nameEn: string; nameAr: string; url: string | null };
  ruling: ShariahRulingValue;
  /** The date of the published list (YYYY-MM-DD). */
  listDate: string;
  listUrl: string;
  /** Purification per share in the listing's currency, where the authority publishes one. */
  purificationPerShare: string | null;
  /** Where the row was taken from (the list, and any check against a second source). */
  source: string;
}

export interface ShariahAuthority {
  id: string;
  nameEn: string;
  nameAr: string;
  url: string | null;
}

/** The fields of one row, as the admin form and each CSV line give them (all text). */
export const SHARIAH_FIELDS = [
  "symbol",
  "authority",
  "ruling",
  "listDate",
  "listUrl",
  "purificationPerShare",
  "source",
] as const;
export type ShariahField = (typeof SHARIAH_FIELDS)[number];
export type ShariahRowInput = Record<ShariahField, string>;

/** Why a row is refused: one code per rule, each with its text in both languages. */
export const SHARIAH_ROW_ERRORS = {
  required: { en: "This field is required.", ar: "هذا الحقل مطلوب." },
  unknownSymbol: { en: "No listed company has this symbol.", ar: "لا توجد شركة مدرجة بهذا الرمز." },
  unknownAuthority: {
    en: "Unknown authority. Use one of the authority ids listed on this page.",
    ar: "جهة غير معروفة. استخدم أحد معرّفات الجهات المذكورة في هذه الصفحة.",
  },
  badRuling: {
    en: "The ruling must be compliant, non-compliant or mixed.",
    ar: "يجب أن يكون الحكم compliant أو non-compliant أو mixed.",
  },
  badDate: {
    en: "Write the list date as YYYY-MM-DD, not in the future.",
    ar: "اكتب تاريخ القائمة بالصيغة YYYY-MM-DD، ولا يكون في المستقبل.",
  },
  badUrl: {
    en: "The list link must be an https:// address.",
    ar: "يجب أن يكون رابط القائمة عنوان https://.",
  },
  badAmount: {
    en: "The purification amount must be a number from 0 to 1000 with at most 4 decimals.",
    ar: "يجب أن يكون مبلغ التطهير رقمًا من 0 إلى 1000 بأربع خانات عشرية على الأكثر.",
  },
  tooLong: { en: "This text is too long.", ar: "هذا النص طويل جدًا." },
  duplicate: {
    en: "This company and authority appear twice in the file.",
    ar: "تتكرر هذه الشركة والجهة مرتين في الملف.",
  },
  badHeader: {
    en: "The first line must name the columns: symbol, authority, ruling, listDate, listUrl, purificationPerShare, source.",
    ar: "يجب أن يسمّي السطر الأول الأعمدة: symbol, authority, ruling, listDate, listUrl, purificationPerShare, source.",
  },
  badCsv: {
    en: "This line is not valid CSV (check the quotes and the number of columns).",
    ar: "هذا السطر ليس CSV صالحًا (تحقق من علامات الاقتباس وعدد الأعمدة).",
  },
  tooManyRows: {
    en: "A file can hold at most 5000 rows.",
    ar: "يمكن أن يحتوي الملف على 5000 صف على الأكثر.",
  },
  empty: { en: "The file has no rows.", ar: "لا يحتوي الملف على أي صف." },
} as const;
export type ShariahRowErrorCode = keyof typeof SHARIAH_ROW_ERRORS;

/** A refused row: its line number in the file (the header is line 1), the field and why. */
export interface ShariahRowError {
  row: number;
  field: ShariahField | "file";
  code: ShariahRowErrorCode;
  message: { en: string; ar: string };
}

export const MAX_IMPORT_ROWS = 5000;
/** The largest CSV accepted (about 5000 rows of long links). */
export const MAX_IMPORT_BYTES = 2_000_000;

const TOO_LONG = "This text is too long.";
const text = (max: number) => z.string(TOO_LONG).max(max, TOO_LONG);
/** The one-row form and the CSV import's envelope; each row's rules are in server/shariah/validate.ts. */
export const shariahRowFormSchema = z.object({
  symbol: text(40),
  authority: text(40),
  ruling: text(40),
  listDate: text(40),
  listUrl: text(2000),
  purificationPerShare: text(40).optional().default(""),
  source: text(500).optional().default(""),
});

export const shariahImportSchema = z.object({
  csv: z.string().min(1, "Choose a CSV file.").max(MAX_IMPORT_BYTES, "The file is larger than 2 MB."),
  dryRun: z
    .union([z.boolean(), z.enum(["true", "false", "on", "1", "0"])])
    .optional()
    .transform((v) => v === true || v === "true" || v === "on" || v === "1"),
});

const shariahDeleteSchema = z.object({
  intent: z.literal("remove"),
  symbol: text(40).min(1, "Choose a symbol."),
  authority: text(40).min(1, "Choose an authority."),
});

/** POST /api/admin/shariah: save one row (the default), or remove one company's ruling by one authority. */
export const shariahAdminSchema = z.union([
  shariahDeleteSchema,
  shariahRowFormSchema.extend({ intent: z.literal("save").optional() }),
]);

/** The answer's text when rows are refused (each row's reasons are in `rowErrors`). */
export const SHARIAH_REFUSED = "Nothing was saved: fix the rows listed.";
export const SHARIAH_NOTHING_TO_REMOVE = "There is no such ruling to remove.";
