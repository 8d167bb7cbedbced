import { randomUUID } from "node:crypto";
import type { Db } from "../db/client";
import { brokerSelectionMail, templatePreviews, welcomeMail } from "../mail/mails";
import type { Outbox } from "../mail/outbox";
import type { NewsletterLinks } from "./links";
import { localeForEmail } from "./subscribers";
import type { NewsletterService } from "./types";

/**
 * Mails the admin sends to one address (welcome, broker selection), in the language that address
 * subscribed in, and the template previews.
 */
export function directMails(
  db: Db,
  outbox: Outbox,
  links: NewsletterLinks,
): Pick<NewsletterService, "sendWelcome" | "sendBrokerSelection" | "previews"> {
  return {
    async sendWelcome(input) {
      const locale = await localeForEmail(db, input.email.trim());
      await outbox.enqueue(
        welcomeMail({
          key: `welcome:direct:${randomUUID()}`,
          to: input.email.trim(),
          name: input.fullName,
          frequency: input.frequency,
          siteUrl: links.sitePath(locale),
          locale,
        }),
      );
    },

    async sendBrokerSelection(input) {
      await outbox.enqueue(
        brokerSelectionMail({
          key: `broker-selection:${randomUUID()}`,
          to: input.email.trim(),
          name: input.fullName,
          broker: input.brokerName,
          locale: await localeForEmail(db, input.email.trim()),
        }),
      );
    },

    previews: () => templatePreviews(links.siteUrl),
  };
}
