import type { Lang } from "#common/locale";
import { mailT } from "../i18n";
import { EmailLayout, Heading, Paragraph, type RenderedEmail, renderEmail, textBody } from "./layout";

export function brokerSelectionEmail(p: { name: string; broker: string; locale?: Lang }): RenderedEmail {
  const locale = p.locale ?? "en";
  const t = mailT(locale);
  const heading = t("brokerSelection.heading");
  const hello = t("account.hello", { name: p.name });
  const lines = [
    t("brokerSelection.thanks", { broker: p.broker }),
    t("brokerSelection.contact", { broker: p.broker }),
    t("brokerSelection.caution"),
  ];
  const html = renderEmail(
    <EmailLayout locale={locale} preview={lines[0]!}>
      <Heading>{heading}</Heading>
      <Paragraph>{hello}</Paragraph>
      {lines.map((l) => (
        <Paragraph key={l}>{l}</Paragraph>
      ))}
    </EmailLayout>,
  );
  return {
    subject: t("brokerSelection.subject", { broker: p.broker }),
    html,
    text: textBody([heading, hello, ...lines], locale),
  };
}
