import type { Lang } from "#common/locale";
import type { Frequency } from "#common/newsletter-schema";
import { mailT } from "../i18n";
import { EmailLayout, Heading, type RenderedEmail, renderEmail, textBody, UnsubscribeFooter } from "./layout";
import { markdownToSafeHtml, markdownToText } from "./markdown";

/**
 * The newsletter: its Markdown content rendered and sanitized; the text part is the Markdown. The
 * content is the editor's, in whatever language it was written; the frame (direction, footer,
 * unsubscribe link) is in the subscriber's language.
 */
export function newsletterEmail(p: {
  subject: string;
  content: string;
  frequency?: Frequency;
  unsubscribeUrl?: string;
  isTest?: boolean;
  locale?: Lang;
}): RenderedEmail {
  const locale = p.locale ?? "en";
  const t = mailT(locale);
  const reason = p.isTest
    ? t("newsletter.testReason")
    : t("newsletter.reason", { frequency: t(`frequency.${p.frequency ?? "weekly"}`) });
  const html = renderEmail(
    <EmailLayout
      locale={locale}
      preview={p.subject}
      footer={<UnsubscribeFooter url={p.unsubscribeUrl} reason={reason} locale={locale} />}
    >
      <Heading>{p.subject}</Heading>
      <div dir="auto" dangerouslySetInnerHTML={{ __html: markdownToSafeHtml(p.content) }} />
    </EmailLayout>,
  );
  const text = textBody(
    [
      p.subject,
      markdownToText(p.content),
      reason,
      p.unsubscribeUrl ? t("unsubscribeText", { url: p.unsubscribeUrl }) : null,
    ],
    locale,
  );
  return { subject: p.isTest ? t("newsletter.testSubject", { subject: p.subject }) : p.subject, html, text };
}
