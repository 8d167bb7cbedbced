import { z } from "zod";
import { hasCredentials } from "#common/outbound-url";

/** Product limits of webhooks (docs/product/alerts.md, Webhooks). */
export const MAX_WEBHOOKS_PER_USER = 5;
export const MAX_WEBHOOK_LABEL = 60;

export const WEBHOOK_MESSAGES = {
  urlInvalid: "Enter a valid URL, e.g. https://example.com/hooks/gulfpulse",
  notHttps: "Webhook URLs must start with https://",
  privateAddress: "Webhook addresses on private, loopback or link-local networks are not allowed.",
  credentials: "Webhook URLs must not contain a user name or password.",
  limit: `You can have at most ${MAX_WEBHOOKS_PER_USER} webhook endpoints. Delete one to add another.`,
  duplicate: "This webhook URL is already added.",
  labelLong: `Labels are at most ${MAX_WEBHOOK_LABEL} characters.`,
  notFound: "Webhook not found",
  alertNotFound: "Alert not found",
  rateLimited: "Too many webhook deliveries this minute. Try again in {{seconds}} s.",
} as const;

/** The add form: a URL (https is checked by the server, which knows whether tests allow http). */
export const webhookFormSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, WEBHOOK_MESSAGES.urlInvalid)
    .max(2000, WEBHOOK_MESSAGES.urlInvalid)
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), WEBHOOK_MESSAGES.urlInvalid)
    // Credentials in the address would be stored and shown in clear; receivers verify our signature.
    .refine((v) => !hasCredentials(v), WEBHOOK_MESSAGES.credentials),
  label: z.string().trim().max(MAX_WEBHOOK_LABEL, WEBHOOK_MESSAGES.labelLong).optional().default(""),
});
export type WebhookFormInput = z.infer<typeof webhookFormSchema>;

/** A change to one endpoint: its label, or making it the default. */
export const webhookUpdateSchema = z
  .object({
    label: z.string().trim().max(MAX_WEBHOOK_LABEL, WEBHOOK_MESSAGES.labelLong).optional(),
    isDefault: z.literal(true).optional(),
  })
  .strict();

/** What GET /api/webhooks answers per endpoint. */
export interface WebhookEndpointView {
  id: string;
  url: string;
  label: string;
  isDefault: boolean;
  createdAt: string;
  /** The newest delivery to this endpoint (a test or an alert), if any. */
  lastDelivery: { status: string; statusCode: number | null; at: string } | null;
}

/** One delivery of an alert's trigger, with its attempts (GET /api/alerts/:id/deliveries). */
export interface DeliveryLogEntry {
  id: string;
  eventId: string;
  channel: "push" | "webhook";
  /** The endpoint's URL or the device's label, as now; null when it was removed since. */
  targetLabel: string | null;
  status: "pending" | "sending" | "delivered" | "dead";
  createdAt: string;
  nextAttemptAt: string | null;
  attempts: Array<{ at: string; statusCode: number | null; latencyMs: number | null; error: string | null }>;
}
