import type { Frequency } from "../../contracts";
import { EmailLayout, Heading, type RenderedEmail, renderEmail, textBody, UnsubscribeFooter } from "./layout";
import { markdownToSafeHtml, markdownToText } from "./markdown";

/** The newsletter: its Markdown content rendered and sanitized; the text part is the Markdown. */
export function newsletterEmail(p: {
  subject: string;
  content: string;
  frequency?: Frequency;
  unsubscribeUrl?: string;
  isTest?: boolean;
}): RenderedEmail {
  const reason = p.isTest
    ? "This is a test send of a GulfPulse newsletter."
    : `You are receiving this because you subscribed to the GulfPulse ${p.frequency ?? "weekly"} newsletter.`;
  const html = renderEmail(
    <EmailLayout preview={p.subject} footer={<UnsubscribeFooter url={p.unsubscribeUrl} reason={reason} />}>
      <Heading>{p.subject}</Heading>
      <div dangerouslySetInnerHTML={{ __html: markdownToSafeHtml(p.content) }} />
    </EmailLayout>,
  );
  const text = textBody([
    p.subject,
    markdownToText(p.content),
    reason,
    p.unsubscribeUrl ? `Unsubscribe: ${p.unsubscribeUrl}` : null,
  ]);
  return { subject: p.isTest ? `[Test] ${p.subject}` : p.subject, html, text };
}
