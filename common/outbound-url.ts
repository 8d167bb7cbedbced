/**
 * Whether an address the server will fetch carries a user name or password
 * (https://user:pass@host/). Such addresses are refused when saved: the credentials would be
 * stored and shown back in clear (feed lists, webhook lists, delivery logs).
 */
export function hasCredentials(raw: string): boolean {
  if (!URL.canParse(raw)) return false;
  const url = new URL(raw);
  return Boolean(url.username || url.password);
}
