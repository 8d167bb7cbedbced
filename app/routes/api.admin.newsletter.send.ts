import { NEWSLETTER_ADMIN_MESSAGES as M, sendNewsletterSchema } from "#common/newsletter-schema";
import { services } from "~/lib/auth.server";
import { adminApi } from "~/lib/server/admin-api.server";
import type { Route } from "./+types/api.admin.newsletter.send";

/**
 * Sends a newsletter (or a test): { subject, content, subjectAr?, contentAr?, frequency, isTest,
 * testEmail } (admins only); the Arabic version goes to Arabic subscribers.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return adminApi(request, context, sendNewsletterSchema, async (input, actor) => {
    const newsletter = services(context).newsletter;
    if (input.isTest) {
      await newsletter.sendTest({
        subject: input.subject,
        content: input.content,
        subjectAr: input.subjectAr,
        contentAr: input.contentAr,
        testEmail: input.testEmail,
      });
      return { ok: true, message: M.testNewsletterSent };
    }
    const campaign = await newsletter.sendCampaign({
      subject: input.subject,
      content: input.content,
      subjectAr: input.subjectAr,
      contentAr: input.contentAr,
      frequency: input.frequency,
      createdBy: actor.id,
    });
    return { ok: true, message: M.newsletterSent, ...campaign };
  });
}
