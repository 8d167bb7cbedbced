import { type AlertTypeValue, isPercentType } from "#common/alert-schema";
import type { Lang } from "#common/locale";
import { formatNumber, mailT } from "../i18n";
import { Button, EmailLayout, Heading, Paragraph, type RenderedEmail, renderEmail, textBody } from "./layout";

/** The alert form's type labels, in the recipient's language. */
const conditionLabel = (condition: AlertTypeValue, locale: Lang = "en") =>
  mailT(locale)(`alert.conditions.${condition}`);

export function alertTriggeredEmail(p: {
  name?: string;
  symbol: string;
  condition: AlertTypeValue;
  target: number;
  /** move_window: the window in minutes. */
  windowMinutes?: number | null;
  price: number;
  alertsUrl: string;
  locale?: Lang;
}): RenderedEmail {
  const locale = p.locale ?? "en";
  const t = mailT(locale);
  const number = (n: number) => formatNumber(locale, n);
  const percent = isPercentType(p.condition) ? `${number(p.target)}%` : number(p.target);
  const target = p.windowMinutes ? `${percent} ${t(`alert.windows.${p.windowMinutes}`)}` : percent;
  const subject = t("alert.subject", { symbol: p.symbol });
  const hello = p.name ? t("account.hello", { name: p.name }) : null;
  const now = t("alert.now", { symbol: p.symbol, price: number(p.price) });
  const rule = t("alert.rule", { condition: conditionLabel(p.condition, locale), target });
  const after = t("alert.after");
  const html = renderEmail(
    <EmailLayout locale={locale} preview={now}>
      <Heading>{subject}</Heading>
      {hello ? <Paragraph>{hello}</Paragraph> : null}
      <Paragraph>
        <strong>{now}</strong>
      </Paragraph>
      <Paragraph>{rule}</Paragraph>
      <Paragraph>{after}</Paragraph>
      <Button href={p.alertsUrl}>{t("alert.cta")}</Button>
    </EmailLayout>,
  );
  const text = textBody([subject, hello, now, rule, after, `${t("alert.cta")}: ${p.alertsUrl}`], locale);
  return { subject, html, text };
}
