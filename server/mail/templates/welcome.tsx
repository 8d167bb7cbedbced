import type { Lang } from "#common/locale";
import type { Frequency } from "#common/newsletter-schema";
import { mailT } from "../i18n";
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
  locale?: Lang;
}): RenderedEmail {
  const locale = p.locale ?? "en";
  const t = mailT(locale);
  const frequency = t(`frequency.${p.frequency}`);
  const subject = t("welcome.subject");
  const heading = t("welcome.heading", { name: p.name });
  const intro = t("welcome.intro", { frequency });
  const expect = t("welcome.expect");
  const reason = t("welcome.reason", { frequency });
  const html = renderEmail(
    <EmailLayout
      locale={locale}
      preview={intro}
      footer={<UnsubscribeFooter url={p.unsubscribeUrl} reason={reason} locale={locale} />}
    >
      <Heading>{heading}</Heading>
      <Paragraph>{intro}</Paragraph>
      <Paragraph>{expect}</Paragraph>
      <Button href={p.siteUrl}>{t("welcome.cta")}</Button>
    </EmailLayout>,
  );
  const text = textBody(
    [
      heading,
      intro,
      expect,
      t("welcome.ctaText", { url: p.siteUrl }),
      reason,
      p.unsubscribeUrl ? t("unsubscribeText", { url: p.unsubscribeUrl }) : null,
    ],
    locale,
  );
  return { subject, html, text };
}
