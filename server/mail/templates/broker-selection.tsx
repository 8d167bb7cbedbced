import { EmailLayout, Heading, Paragraph, type RenderedEmail, renderEmail, textBody } from "./layout";

export function brokerSelectionEmail(p: { name: string; broker: string }): RenderedEmail {
  const subject = `Your broker selection: ${p.broker}`;
  const lines = [
    `Thank you for choosing ${p.broker} through GulfPulse.`,
    `A representative of ${p.broker} will contact you shortly to help you open and verify your account.`,
    "Before you trade, check the broker's regulation and read its risk disclosure. Never share your password, and beware of groups impersonating GulfPulse or your broker.",
  ];
  const html = renderEmail(
    <EmailLayout preview={lines[0]!}>
      <Heading>Your broker selection</Heading>
      <Paragraph>Hello {p.name},</Paragraph>
      {lines.map((l) => (
        <Paragraph key={l}>{l}</Paragraph>
      ))}
    </EmailLayout>,
  );
  return { subject, html, text: textBody(["Your broker selection", `Hello ${p.name},`, ...lines]) };
}
