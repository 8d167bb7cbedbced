/** The account page's webhook section; the webhook delivery work fills it in. */
export function WebhookSettings() {
  return null;
}
