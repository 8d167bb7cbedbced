import type { AlertType } from "../../contracts";
import { Button, EmailLayout, Heading, Paragraph, type RenderedEmail, renderEmail, textBody } from "./layout";

/** The spec's alert type labels (§2 Create form). */
export const CONDITION_LABELS: Record<AlertType, string> = {
  above: "Price goes above",
  below: "Price goes below",
  change_percent: "Price changes by %",
};

const number = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 6 });

export function alertTriggeredEmail(p: {
  name?: string;
  symbol: string;
  condition: AlertType;
  target: number;
  price: number;
  alertsUrl: string;
}): RenderedEmail {
  const target = p.condition === "change_percent" ? `${number(p.target)}%` : number(p.target);
  const subject = `Price alert triggered: ${p.symbol}`;
  const now = `${p.symbol} is now at ${number(p.price)}.`;
  const rule = `Your alert: ${CONDITION_LABELS[p.condition]} ${target}.`;
  const after = "The alert is now marked as triggered; you can switch it back on from your alerts page.";
  const html = renderEmail(
    <EmailLayout preview={now}>
      <Heading>Price alert triggered: {p.symbol}</Heading>
      {p.name ? <Paragraph>Hello {p.name},</Paragraph> : null}
      <Paragraph>
        <strong>{now}</strong>
      </Paragraph>
      <Paragraph>{rule}</Paragraph>
      <Paragraph>{after}</Paragraph>
      <Button href={p.alertsUrl}>View your alerts</Button>
    </EmailLayout>,
  );
  const text = textBody([
    subject,
    p.name ? `Hello ${p.name},` : null,
    now,
    rule,
    after,
    `View your alerts: ${p.alertsUrl}`,
  ]);
  return { subject, html, text };
}
