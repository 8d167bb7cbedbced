import type { Frequency } from "../../contracts";
import {
  Button,
  EmailLayout,
  Heading,
  Paragraph,
  type RenderedEmail,
  renderEmail,
  textBody,
  UnsubscribeFooter,
} from "./layout";

export function welcomeEmail(p: {
  name: string;
  frequency: Frequency;
  siteUrl: string;
  unsubscribeUrl?: string;
}): RenderedEmail {
  const subject = "Welcome to the GulfPulse newsletter";
  const intro = `Thank you for subscribing. You will receive our ${p.frequency} newsletter with Gulf market news, analysis and broker insights.`;
  const expect =
    "Expect live market highlights for TASI, DFM, ADX and the Gulf currencies, key economic events, and trading education for every level.";
  const reason = `You are receiving this because you subscribed to the GulfPulse ${p.frequency} newsletter.`;
  const html = renderEmail(
    <EmailLayout preview={intro} footer={<UnsubscribeFooter url={p.unsubscribeUrl} reason={reason} />}>
      <Heading>Welcome to GulfPulse, {p.name}!</Heading>
      <Paragraph>{intro}</Paragraph>
      <Paragraph>{expect}</Paragraph>
      <Button href={p.siteUrl}>Visit GulfPulse</Button>
    </EmailLayout>,
  );
  const text = textBody([
    `Welcome to GulfPulse, ${p.name}!`,
    intro,
    expect,
    `Visit GulfPulse: ${p.siteUrl}`,
    reason,
    p.unsubscribeUrl ? `Unsubscribe: ${p.unsubscribeUrl}` : null,
  ]);
  return { subject, html, text };
}
