import { Button, EmailLayout, Heading, Paragraph, type RenderedEmail, renderEmail, textBody } from "./layout";

interface ActionEmail {
  subject: string;
  heading: string;
  body: string;
  cta: string;
}

function actionEmail(copy: ActionEmail, p: { name: string; url: string }): RenderedEmail {
  const ignore = "If you did not ask for this, ignore this email.";
  const html = renderEmail(
    <EmailLayout preview={copy.body} footer={<p style={{ margin: 0 }}>{ignore}</p>}>
      <Heading>{copy.heading}</Heading>
      <Paragraph>Hello {p.name},</Paragraph>
      <Paragraph>{copy.body}</Paragraph>
      <Button href={p.url}>{copy.cta}</Button>
      <Paragraph>
        Or paste this link into your browser:{" "}
        <a href={p.url} style={{ color: "#175c95", wordBreak: "break-all" }}>
          {p.url}
        </a>
      </Paragraph>
    </EmailLayout>,
  );
  const text = textBody([copy.heading, `Hello ${p.name},`, copy.body, `${copy.cta}: ${p.url}`, ignore]);
  return { subject: copy.subject, html, text };
}

export function verificationEmail(p: { name: string; url: string }): RenderedEmail {
  return actionEmail(
    {
      subject: "Verify your GulfPulse email",
      heading: "Confirm your email",
      body: "Please confirm your email address to finish creating your GulfPulse account.",
      cta: "Verify email",
    },
    p,
  );
}

export function passwordResetEmail(p: { name: string; url: string }): RenderedEmail {
  return actionEmail(
    {
      subject: "Reset your GulfPulse password",
      heading: "Reset your password",
      body: "We received a request to reset your password. The link is valid for one hour.",
      cta: "Reset password",
    },
    p,
  );
}
