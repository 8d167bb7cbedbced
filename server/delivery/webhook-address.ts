import { hasCredentials } from "#common/outbound-url";
import { WEBHOOK_MESSAGES } from "#common/webhook-schema";
import { feedAddressProblem } from "../news/address-guard";

/** The address rules: https, and (unless allowed) no private, loopback or link-local host. */
export async function addressProblem(raw: string, allowPrivate: boolean): Promise<string | null> {
  const url = new URL(raw);
  if (hasCredentials(raw)) return WEBHOOK_MESSAGES.credentials;
  if (allowPrivate) return null;
  if (url.protocol !== "https:") return WEBHOOK_MESSAGES.notHttps;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost")) return WEBHOOK_MESSAGES.privateAddress;
  // The same check as admin feed addresses; the sender checks again when it connects (rebinding).
  return (await feedAddressProblem(raw)) ? WEBHOOK_MESSAGES.privateAddress : null;
}
