import { z } from "zod";

/**
 * One schema per newsletter form (docs/product/newsletter.md), shared by the modals and the server.
 * Issue messages are i18n keys of the "newsletter" namespace (errors.*), so both sides agree.
 */
export const FREQUENCIES = ["daily", "weekly", "monthly"] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const DEFAULT_FREQUENCY: Frequency = "weekly";

/** The modal closes this long after a successful signup. */
export const MODAL_CLOSE_DELAY_MS = { full: 3_000, community: 2_000 } as const;

const fullName = z.string().trim().min(1, "required").max(120, "tooLong");
const email = z.string().trim().min(1, "required").max(254, "tooLong").pipe(z.email("invalidEmail"));
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, "tooLong")
    .optional()
    .transform((v) => v || undefined);

export const fullSubscribeSchema = z.object({
  source: z.literal("full"),
  fullName,
  email,
  company: optional(200),
  interests: optional(500),
  frequency: z.enum(FREQUENCIES, "invalidFrequency").default(DEFAULT_FREQUENCY),
});

export const communitySubscribeSchema = z.object({ source: z.literal("community"), fullName, email });

export const subscribeSchema = z.discriminatedUnion("source", [
  fullSubscribeSchema,
  communitySubscribeSchema,
]);
export type SubscribeInput = z.output<typeof subscribeSchema>;

/** Texts of the admin mail tools (newsletter send, welcome and broker tests), returned by the admin API. */
export const NEWSLETTER_ADMIN_MESSAGES = {
  fillAllWithTestEmail: "Please fill in all fields including test email",
  fillSubjectAndContent: "Please fill in subject and content",
  fillBothArabic: "Fill in both the Arabic subject and the Arabic content, or leave both empty",
  enterTestEmail: "Please enter a test email address",
  invalidEmail: "Please enter a valid email address",
  testNewsletterSent: "Test newsletter sent successfully!",
  newsletterSent: "Newsletter sent to all subscribers!",
  welcomeTestSent: "Welcome email test sent successfully!",
  brokerTestSent: "Broker selection email test sent successfully!",
} as const;

const M = NEWSLETTER_ADMIN_MESSAGES;
const flag = z
  .union([z.boolean(), z.enum(["true", "false", "on", "1", "0", ""])])
  .optional()
  .transform((v) => v === true || v === "true" || v === "on" || v === "1");
const text = (max: number) => z.string().trim().max(max, "tooLong").default("");

/**
 * The rule of a newsletter send, in the admin form and the admin API alike: subject and content
 * are required, and a test send also needs a valid test email. The Arabic version is optional
 * (Arabic subscribers then get the English one) but comes whole: both its subject and content.
 */
export function checkNewsletterSend(
  v: {
    subject: string;
    content: string;
    subjectAr?: string;
    contentAr?: string;
    isTest: boolean;
    testEmail: string;
  },
  ctx: z.RefinementCtx,
) {
  if (v.isTest && (!v.subject || !v.content || !v.testEmail)) {
    ctx.addIssue({ code: "custom", path: ["form"], message: M.fillAllWithTestEmail });
  } else if (!v.subject || !v.content) {
    ctx.addIssue({ code: "custom", path: ["form"], message: M.fillSubjectAndContent });
  } else if (!v.subjectAr !== !v.contentAr) {
    ctx.addIssue({
      code: "custom",
      path: [v.subjectAr ? "contentAr" : "subjectAr"],
      message: M.fillBothArabic,
    });
  } else if (v.isTest && !z.email().safeParse(v.testEmail).success) {
    ctx.addIssue({ code: "custom", path: ["testEmail"], message: M.invalidEmail });
  }
}

/** Send a newsletter: subject, content, the optional Arabic subjectAr and contentAr, frequency, isTest, testEmail. */
export const sendNewsletterSchema = z
  .object({
    subject: text(200),
    content: text(100_000),
    subjectAr: text(200),
    contentAr: text(100_000),
    frequency: z.enum(FREQUENCIES).default(DEFAULT_FREQUENCY),
    isTest: flag,
    testEmail: text(254),
  })
  .superRefine(checkNewsletterSend);

const testAddress = z
  .string({ error: M.enterTestEmail })
  .trim()
  .min(1, M.enterTestEmail)
  .max(254)
  .pipe(z.email(M.invalidEmail));

/** A test mail's optional text field: blank or missing is the sample value. */
const sample = (max: number, value: string) =>
  z
    .string()
    .trim()
    .max(max)
    .default(value)
    .transform((v) => v || value);

/** Send a welcome mail: email, fullName, frequency (the admin test sends Test User, weekly). */
export const sendWelcomeSchema = z.object({
  email: testAddress,
  fullName: sample(120, "Test User"),
  frequency: z.enum(FREQUENCIES).default(DEFAULT_FREQUENCY),
});

/** Send a broker selection mail: email, fullName, brokerName. */
export const sendBrokerSelectionSchema = z.object({
  email: testAddress,
  fullName: sample(120, "Test User"),
  brokerName: sample(120, "Sample Broker"),
});
