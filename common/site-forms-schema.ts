import { z } from "zod";

/**
 * One schema per site form (docs/product/content.md), shared by each page and its action. Issue messages
 * are keys of the "forms" i18n namespace (errors.*); formErrorKey picks the page-level message.
 */
export const CONTACT_SUBJECTS = ["general", "partnership", "support", "advertising", "feedback"] as const;
export const COUNTRIES = [
  "UAE",
  "Saudi Arabia",
  "Kuwait",
  "Qatar",
  "Bahrain",
  "Oman",
  "Jordan",
  "Other",
] as const;
export const PARTNERSHIP_TYPES = ["Broker Listing", "IB Program", "Advertising", "Content"] as const;
export const TRADING_EXPERIENCE = ["Beginner", "Intermediate", "Advanced", "Expert"] as const;
export const PREFERRED_MARKETS = ["Forex", "Stocks", "Commodities", "All Markets"] as const;
export const INVESTMENT_AMOUNTS = [
  "Under $10,000",
  "$10,000 - $50,000",
  "$50,000 - $100,000",
  "Over $100,000",
] as const;
export const RISK_TOLERANCE = ["Conservative", "Moderate", "Aggressive"] as const;

export type FormKind = "contact" | "partnership" | "access";

/** The forms' deliberately simple email pattern: something@something.something. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const required = (max: number) =>
  z.string({ error: "required" }).trim().min(1, "required").max(max, "tooLong");
const email = required(254).regex(EMAIL_PATTERN, "invalidEmail");
const choice = <T extends readonly [string, ...string[]]>(options: T) =>
  z.string({ error: "required" }).trim().min(1, "required").pipe(z.enum(options, "invalidOption"));

export const contactSchema = z.object({
  name: required(120),
  email,
  subject: choice(CONTACT_SUBJECTS),
  message: required(5_000),
});

export const partnershipSchema = z.object({
  companyName: required(200),
  contactName: required(120),
  email,
  phone: required(40),
  country: choice(COUNTRIES),
  partnershipType: choice(PARTNERSHIP_TYPES),
  description: required(5_000),
});

export const accessSchema = z.object({
  fullName: required(120),
  email,
  phone: required(40),
  country: choice(COUNTRIES),
  tradingExperience: choice(TRADING_EXPERIENCE),
  preferredMarkets: choice(PREFERRED_MARKETS),
  investmentAmount: choice(INVESTMENT_AMOUNTS),
  riskTolerance: choice(RISK_TOLERANCE),
  additionalInfo: z.string().trim().max(2_000, "tooLong").default(""),
});

export const FORM_SCHEMAS = { contact: contactSchema, partnership: partnershipSchema, access: accessSchema };
export type ContactInput = z.output<typeof contactSchema>;
export type PartnershipInput = z.output<typeof partnershipSchema>;
export type AccessInput = z.output<typeof accessSchema>;

/** Largest request body a form action reads (the fields' limits plus room for encoding). */
export const MAX_FORM_BYTES = 64 * 1024;

/** Order: missing fields first ('Validation Error'), then the email ('Invalid Email'). */
export function formErrorKey(fields: Record<string, string>): string {
  const codes = Object.values(fields);
  if (codes.includes("required")) return "validation";
  if (codes.includes("invalidEmail")) return "invalidEmail";
  return codes[0] ?? "validation";
}
