import { z } from "zod";
import { IMPORTANCE_LEVELS } from "#common/analytics-options";
import {
  checkNewsletterSend,
  DEFAULT_FREQUENCY,
  FREQUENCIES,
  NEWSLETTER_ADMIN_MESSAGES,
} from "#common/newsletter-schema";
import { hasCredentials } from "#common/outbound-url";

/**
 * One Zod schema per admin form, shared by the admin UI (instant feedback) and the admin action
 * (the truth). Messages are the user-facing texts; docs/product/ quotes those that are fixed.
 */

export const ADMIN_MESSAGES = {
  ...NEWSLETTER_ADMIN_MESSAGES,
  fetchSubscribersFailed: "Failed to fetch subscribers",
} as const;

/** Form fields arrive as strings; a missing checkbox means false. */
const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")])
  .optional()
  .transform((v) => v === "on" || v === "true");

const text = (max: number, label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : null));

/** Words of letters and digits in any script (an Arabic title gives an Arabic slug), single hyphens. */
export const SLUG_PATTERN = /^[\p{L}\p{M}\p{N}]+(?:-[\p{L}\p{M}\p{N}]+)*$/u;
const slug = z
  .string()
  .trim()
  .toLowerCase()
  .max(120, "Slug must be at most 120 characters")
  .refine((v) => v === "" || SLUG_PATTERN.test(v), "Use lower-case letters, digits and single hyphens")
  .optional()
  .transform((v) => v || null);

/** Comma- or newline-separated list, blanks dropped. */
const list = (maxItems: number, label: string) =>
  z
    .string()
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(/[,\n]/)
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((a) => a.length <= maxItems, `At most ${maxItems} ${label}`)
    .refine((a) => a.every((s) => s.length <= 80), `Each of the ${label} must be at most 80 characters`);

/** `<input type="datetime-local">` value, read as GMT (every time on the site is GMT). */
const gmtDateTime = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .transform((v, ctx) => {
      const iso = /Z$|[+-]\d\d:\d\d$/.test(v) ? v : `${v}Z`;
      const d = new Date(iso);
      if (Number.isNaN(d.getTime())) {
        ctx.addIssue({ code: "custom", message: `${label} is not a valid date and time` });
        return z.NEVER;
      }
      return d;
    });
const optionalGmtDateTime = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      const d = new Date(/Z$|[+-]\d\d:\d\d$/.test(v) ? v : `${v}Z`);
      if (Number.isNaN(d.getTime())) {
        ctx.addIssue({ code: "custom", message: `${label} is not a valid date and time` });
        return z.NEVER;
      }
      return d;
    });

// ---------- users, inbox, mail ----------

export const userIdSchema = z.object({
  // Auth-library ids are short alphanumeric strings; anything else cannot name a user.
  userId: z
    .string({ error: "Choose a user" })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, "Choose a user"),
});
export const submissionHandledSchema = z.object({
  id: z.uuid("Unknown submission"),
  handled: z.enum(["true", "false"]).transform((v) => v === "true"),
});
export const mailIdSchema = z.object({ id: z.uuid("Unknown mail") });
export const rowIdSchema = z.object({ id: z.uuid("Unknown item") });
export const testEmailSchema = z.object({
  testEmail: z
    .string({ error: ADMIN_MESSAGES.enterTestEmail })
    .trim()
    .min(1, ADMIN_MESSAGES.enterTestEmail)
    .toLowerCase()
    .pipe(z.email(ADMIN_MESSAGES.invalidEmail)),
});

// ---------- newsletter (texts in docs/product/newsletter.md) ----------

/** Subject and content required, the Arabic version optional but whole; a test send also needs a test email. */
export const newsletterSendSchema = z
  .object({
    subject: z.string().trim().max(200, "Subject must be at most 200 characters").default(""),
    content: z.string().trim().max(100_000, "Content is too long").default(""),
    subjectAr: z.string().trim().max(200, "Subject must be at most 200 characters").default(""),
    contentAr: z.string().trim().max(100_000, "Content is too long").default(""),
    frequency: z.enum(FREQUENCIES, "Choose a frequency").default(DEFAULT_FREQUENCY),
    isTest: checkbox,
    testEmail: z.string().trim().toLowerCase().default(""),
  })
  .superRefine(checkNewsletterSend);
export type NewsletterSendInput = z.output<typeof newsletterSendSchema>;

// ---------- settings ----------

export const siteSettingsSchema = z.object({
  siteName: text(60, "Site name"),
  tagline: z.string().trim().max(120, "Tagline must be at most 120 characters").default(""),
  contactEmail: z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => v === "" || z.email().safeParse(v).success, ADMIN_MESSAGES.invalidEmail)
    .default(""),
  contactPhone: z.string().trim().max(40, "Phone must be at most 40 characters").default(""),
  contactAddress: z.string().trim().max(300, "Address must be at most 300 characters").default(""),
  businessHours: z.string().trim().max(300, "Business hours must be at most 300 characters").default(""),
});

export const MARKET_TICK_MIN_MS = 1_000;
export const MARKET_TICK_MAX_MS = 3_600_000;
export const marketSettingsSchema = z.object({
  heroSymbols: list(8, "instruments").refine((a) => a.length > 0, "Choose at least one instrument"),
  marketTickMs: z.coerce
    .number({ error: "Tick interval must be a number of milliseconds" })
    .int("Tick interval must be a whole number of milliseconds")
    .min(MARKET_TICK_MIN_MS, `Tick interval must be at least ${MARKET_TICK_MIN_MS} ms`)
    .max(MARKET_TICK_MAX_MS, `Tick interval must be at most ${MARKET_TICK_MAX_MS} ms`),
});

export const authSettingsSchema = z.object({ requireVerifiedEmail: checkbox });

// ---------- content ----------

export const ARTICLE_SECTIONS = ["economic", "breaking", "central-bank", "broker-analysis"] as const;
export const PRIORITIES = ["urgent", "high", "medium"] as const;
export const SEVERITIES = ["urgent", "high", "medium"] as const;
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .union([z.literal(""), z.enum(values, message)])
    .optional()
    .transform((v) => (v ? (v as T[number]) : null));

/** An optional Arabic version of an editor's text: empty means none (the page shows the English). */
const arabicText = optionalText;
const arabicMarkdown = (max: number, label: string) =>
  z
    .string()
    .max(max, `${label} must be at most ${max.toLocaleString("en")} characters`)
    .optional()
    .transform((v) => (v?.trim() ? v : null));

export const articleSchema = z.object({
  section: z.enum(ARTICLE_SECTIONS, "Choose a section"),
  title: text(200, "Title"),
  slug,
  excerpt: z.string().trim().max(500, "Excerpt must be at most 500 characters").default(""),
  bodyMarkdown: z.string().max(50_000, "Body must be at most 50,000 characters").default(""),
  titleAr: arabicText(200, "Arabic title"),
  excerptAr: arabicText(500, "Arabic excerpt"),
  bodyMarkdownAr: arabicMarkdown(50_000, "Arabic body"),
  category: optionalText(60, "Category"),
  priority: optionalEnum(PRIORITIES, "Choose a priority"),
  bankName: optionalText(120, "Bank name"),
  published: checkbox,
  publishedAt: optionalGmtDateTime("Publication date"),
});

export const brokerSchema = z.object({
  name: text(120, "Name"),
  slug,
  rating: z.coerce
    .number({ error: "Rating must be a number" })
    .min(0, "Rating must be between 0 and 5")
    .max(5, "Rating must be between 0 and 5"),
  regulators: list(12, "regulators"),
  minDeposit: text(40, "Minimum deposit"),
  spread: text(40, "Spread"),
  features: list(12, "features"),
  url: z
    .string()
    .trim()
    .refine((v) => v === "" || /^https?:\/\/\S+$/i.test(v), "Enter a web address starting with http(s)://")
    .optional()
    .transform((v) => v || null),
  description: z.string().trim().max(2_000, "Description must be at most 2,000 characters").default(""),
  descriptionAr: arabicText(2_000, "Arabic description"),
  sortOrder: z.coerce.number().int("Order must be a whole number").min(0).max(10_000).default(0),
  published: checkbox,
});

export const blacklistSchema = z.object({
  name: text(120, "Name"),
  reason: text(500, "Reason"),
  warning: text(2_000, "Warning"),
  reasonAr: arabicText(500, "Arabic reason"),
  warningAr: arabicText(2_000, "Arabic warning"),
  severity: z.enum(SEVERITIES, "Choose a severity"),
  dateAdded: optionalGmtDateTime("Date added"),
  regulator: optionalText(120, "Regulator"),
});

export const eventSchema = z.object({
  title: text(200, "Title"),
  description: z.string().trim().max(2_000, "Description must be at most 2,000 characters").default(""),
  startsAt: gmtDateTime("Date and time"),
  country: text(60, "Country"),
  category: text(60, "Category"),
  importance: z.enum(IMPORTANCE_LEVELS, "Choose an importance"),
  impact: z.string().trim().max(500, "Impact must be at most 500 characters").default(""),
  forecast: optionalText(40, "Forecast"),
  previous: optionalText(40, "Previous"),
});

export const educationSchema = z.object({
  section: text(80, "Section"),
  title: text(200, "Title"),
  slug,
  body: text(5_000, "Body"),
  titleAr: arabicText(200, "Arabic title"),
  bodyAr: arabicText(5_000, "Arabic body"),
  sortOrder: z.coerce.number().int("Order must be a whole number").min(0).max(10_000).default(0),
});

export const feedSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, "Feed URL is required")
    .max(2_000, "Feed URL is too long")
    .refine((v) => /^https?:\/\/[^\s/]+/i.test(v), "Enter a feed address starting with http(s)://")
    // Credentials would be stored and shown in clear in the feed list.
    .refine((v) => !hasCredentials(v), "Feed addresses must not contain a user name or password."),
  name: text(120, "Name"),
  category: text(40, "Category"),
  enabled: checkbox,
});

export const CONTENT_SCHEMAS = {
  articles: articleSchema,
  brokers: brokerSchema,
  blacklist: blacklistSchema,
  events: eventSchema,
  education: educationSchema,
  feeds: feedSchema,
} as const;
export type ContentEntity = keyof typeof CONTENT_SCHEMAS;
export const CONTENT_ENTITIES = Object.keys(CONTENT_SCHEMAS) as ContentEntity[];
export type ContentInput<E extends ContentEntity> = z.output<(typeof CONTENT_SCHEMAS)[E]>;

/**
 * Lower-case, hyphenated slug from a title, in the title's script: "Café à Dubaï" -> "cafe-a-dubai",
 * an Arabic title keeps its Arabic words (links percent-encode them: common/article-path.ts). A title
 * with no letters or digits at all falls back to a short id.
 */
export function slugify(title: string): string {
  const s = title
    // Latin accents off (é -> e), then recomposed so an Arabic hamza stays on its letter (أ).
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .normalize("NFC")
    // Arabic short vowels and the tatweel are typography, not spelling.
    .replace(/[\u064b-\u065f\u0670\u0640]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return s || `item-${Math.random().toString(36).slice(2, 8)}`;
}
