import type { Lang } from "#common/locale";
import { mailT } from "../i18n";
import { Button, EmailLayout, Heading, Paragraph, type RenderedEmail, renderEmail, textBody } from "./layout";

type ActionKind = "verification" | "passwordReset";

function actionEmail(kind: ActionKind, p: { name: string; url: string; locale?: Lang }): RenderedEmail {
  const locale = p.locale ?? "en";
  const t = mailT(locale);
  const heading = t(`account.${kind}.heading`);
  const body = t(`account.${kind}.body`);
  const cta = t(`account.${kind}.cta`);
  const hello = t("account.hello", { name: p.name });
  const ignore = t("account.ignore");
  const html = renderEmail(
    <EmailLayout locale={locale} preview={body} footer={<p style={{ margin: 0 }}>{ignore}</p>}>
      <Heading>{heading}</Heading>
      <Paragraph>{hello}</Paragraph>
      <Paragraph>{body}</Paragraph>
      <Button href={p.url}>{cta}</Button>
      <Paragraph>
        {t("account.pasteLink")} {/* A URL reads left to right inside Arabic text too. */}
        <a href={p.url} dir="ltr" style={{ color: "#175c95", wordBreak: "break-all" }}>
          {p.url}
        </a>
      </Paragraph>
    </EmailLayout>,
  );
  const text = textBody([heading, hello, body, `${cta}: ${p.url}`, ignore], locale);
  return { subject: t(`account.${kind}.subject`), html, text };
}

export function verificationEmail(p: { name: string; url: string; locale?: Lang }): RenderedEmail {
  return actionEmail("verification", p);
}

export function passwordResetEmail(p: { name: string; url: string; locale?: Lang }): RenderedEmail {
  return actionEmail("passwordReset", p);
}
