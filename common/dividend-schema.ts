import { z } from "zod";
import { DIVIDEND_REMINDER_DAYS } from "./dividends";
import { LISTING_EXCHANGES } from "./instruments";

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const realDay = (v: string) => isoDay.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

const optionalDay = (message: string) =>
  z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || realDay(v), message)
    .transform((v) => v || null);

const optionalNumber = (message: string) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return null;
      const n = typeof v === "number" ? v : Number(v.trim());
      if (!Number.isFinite(n) || n <= 0 || n > 1_000_000) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return n;
    });

/**
 * An editor's upcoming (or corrected) distribution: ex-date required; record and payment dates on
 * or after it; a cash amount with its currency, bonus shares as new shares per share held, or both
 * (docs/product/markets.md, "Dividends").
 */
export const dividendFormSchema = z
  .object({
    symbol: z.string().trim().min(1, "Choose a company.").max(40, "Choose a company."),
    exDate: z.string().trim().refine(realDay, "Give the ex-date (YYYY-MM-DD)."),
    recordDate: optionalDay("The record date must be a date (YYYY-MM-DD)."),
    paymentDate: optionalDay("The payment date must be a date (YYYY-MM-DD)."),
    amount: optionalNumber("The amount must be a number above 0."),
    currency: z
      .string()
      .trim()
      .optional()
      .refine((v) => !v || /^[A-Za-z]{3}$/.test(v), "The currency is a three-letter code (SAR, AED).")
      .transform((v) => (v ? v.toUpperCase() : null)),
    bonusShares: optionalNumber("Bonus shares must be a number above 0 (new shares per share held)."),
    sourceUrl: z.url({ protocol: /^https?$/, error: "The source link must be an http(s) address." }),
  })
  .refine((f) => f.amount !== null || f.bonusShares !== null, {
    message: "Give a cash amount, bonus shares or both.",
    path: ["amount"],
  })
  .refine((f) => f.amount === null || f.currency !== null, {
    message: "The currency is a three-letter code (SAR, AED).",
    path: ["currency"],
  })
  .refine((f) => !f.recordDate || f.recordDate >= f.exDate, {
    message: "The record date cannot be before the ex-date.",
    path: ["recordDate"],
  })
  .refine((f) => !f.paymentDate || f.paymentDate >= f.exDate, {
    message: "The payment date cannot be before the ex-date.",
    path: ["paymentDate"],
  });
export type DividendForm = z.output<typeof dividendFormSchema>;

/** "Remind me before the ex-date": how many days before, and mail or push beyond the bell. */
export const dividendReminderFormSchema = z.object({
  actionId: z.uuid("Unknown distribution."),
  daysBefore: z.coerce
    .number()
    .int()
    .refine((d) => (DIVIDEND_REMINDER_DAYS as readonly number[]).includes(d), "Choose when to be reminded."),
  notifyEmail: z
    .union([z.literal("on"), z.literal("true"), z.literal("")])
    .optional()
    .transform((v) => v === "on" || v === "true"),
});

/** GET /dividends and /api/dividends filters; an unknown value is refused with a message, never ignored. */
export const dividendQuerySchema = z.object({
  exchange: z
    .union([z.literal(""), z.enum(LISTING_EXCHANGES, { error: "Unknown exchange." })])
    .optional()
    .transform((v) => v || undefined),
  sector: z
    .string()
    .trim()
    .max(80, "Unknown sector.")
    .optional()
    .transform((v) => v || undefined),
  watchlist: z
    .union([z.literal("1"), z.literal("on"), z.literal("")])
    .optional()
    .transform((v) => v === "1" || v === "on"),
});
