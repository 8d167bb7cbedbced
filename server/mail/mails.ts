/**
 * Every mail the site sends, as an outbox row ready to enqueue: the rendered template, its kind
 * and the idempotency key that makes enqueueing it twice harmless.
 */

import type { AlertTypeValue } from "#common/alert-schema";
import type { Lang } from "#common/locale";
import type { Frequency } from "#common/newsletter-schema";
import type { OutgoingMail } from "./outbox";
import { passwordResetEmail, verificationEmail } from "./templates/account";
import { alertTriggeredEmail } from "./templates/alert-triggered";
import { brokerSelectionEmail } from "./templates/broker-selection";
import { formSubmissionEmail } from "./templates/form-submission";
import type { RenderedEmail } from "./templates/layout";
import { newsletterEmail } from "./templates/newsletter";
import { welcomeEmail } from "./templates/welcome";

/** RFC 8058 one-click unsubscribe: mail clients POST "List-Unsubscribe=One-Click" to the URL. */
export function unsubscribeHeaders(oneClickUrl: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${oneClickUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** `locale` is the recipient's language (users.locale or the subscriber's); English when absent. */
type AuthMail = { to: string; name: string; url: string; token: string; locale?: Lang };

export function verificationMail(o: AuthMail): OutgoingMail {
  return { idempotencyKey: `verify:${o.token}`, kind: "verification", to: o.to, ...verificationEmail(o) };
}

export function passwordResetMail(o: AuthMail): OutgoingMail {
  return { idempotencyKey: `reset:${o.token}`, kind: "password-reset", to: o.to, ...passwordResetEmail(o) };
}

export function welcomeMail(o: {
  key: string;
  to: string;
  name: string;
  frequency: Frequency;
  siteUrl: string;
  unsubscribe?: { pageUrl: string; oneClickUrl: string };
  locale?: Lang;
}): OutgoingMail {
  return {
    idempotencyKey: o.key,
    kind: "welcome",
    to: o.to,
    headers: o.unsubscribe ? unsubscribeHeaders(o.unsubscribe.oneClickUrl) : undefined,
    ...welcomeEmail({ ...o, unsubscribeUrl: o.unsubscribe?.pageUrl }),
  };
}

export function brokerSelectionMail(o: {
  key: string;
  to: string;
  name: string;
  broker: string;
  locale?: Lang;
}): OutgoingMail {
  return { idempotencyKey: o.key, kind: "broker-selection", to: o.to, ...brokerSelectionEmail(o) };
}

/**
 * The mail for a triggered price alert (for the alerts feature to enqueue). One per alert and
 * trigger time, so re-running the evaluator never mails twice.
 */
export function alertTriggeredMail(o: {
  to: string;
  name?: string;
  alertId: string;
  triggeredAt: Date;
  symbol: string;
  condition: AlertTypeValue;
  target: number;
  windowMinutes?: number | null;
  price: number;
  siteUrl: string;
  locale?: Lang;
}): OutgoingMail {
  // The alerts page in the recipient's language (Arabic pages live under /ar).
  const alertsPath = o.locale === "ar" ? "/ar/price-alerts" : "/price-alerts";
  return {
    idempotencyKey: `alert:${o.alertId}:${o.triggeredAt.toISOString()}`,
    kind: "alert-triggered",
    to: o.to,
    ...alertTriggeredEmail({ ...o, alertsUrl: `${o.siteUrl.replace(/\/$/, "")}${alertsPath}` }),
  };
}

export function formSubmissionMail(o: {
  submissionId: string;
  to: string;
  replyTo: string;
  title: string;
  fields: Array<[string, string]>;
  submittedAt: Date;
}): OutgoingMail {
  return {
    idempotencyKey: `form:${o.submissionId}`,
    kind: "form-submission",
    to: o.to,
    headers: { "Reply-To": o.replyTo },
    ...formSubmissionEmail(o),
  };
}

export { newsletterEmail };

/** Each template with sample data, for the admin's template previews. */
export function templatePreviews(siteUrl: string): Array<RenderedEmail & { id: string; name: string }> {
  const url = `${siteUrl}/auth?sample=1`;
  const unsubscribeUrl = `${siteUrl}/newsletter/unsubscribe?token=sample`;
  return [
    {
      id: "welcome",
      name: "Welcome",
      ...welcomeEmail({ name: "Test User", frequency: "weekly", siteUrl, unsubscribeUrl }),
    },
    {
      id: "broker-selection",
      name: "Broker selection",
      ...brokerSelectionEmail({ name: "Test User", broker: "Sample Broker" }),
    },
    {
      id: "newsletter",
      name: "Newsletter",
      ...newsletterEmail({
        subject: "Gulf markets this week",
        content:
          "## Highlights\n\n- **TASI** closed higher on banking strength\n- Brent held above $80\n\n[Read the full analysis](https://example.com/analysis)",
        frequency: "weekly",
        unsubscribeUrl,
      }),
    },
    {
      id: "alert-triggered",
      name: "Price alert triggered",
      ...alertTriggeredEmail({
        name: "Test User",
        symbol: "TASI",
        condition: "above",
        target: 12000,
        price: 12034.5,
        alertsUrl: `${siteUrl}/price-alerts`,
      }),
    },
    { id: "verification", name: "Email verification", ...verificationEmail({ name: "Test User", url }) },
    { id: "password-reset", name: "Password reset", ...passwordResetEmail({ name: "Test User", url }) },
  ];
}
