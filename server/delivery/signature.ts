import { createHmac, randomBytes } from "node:crypto";

/** A new signing secret: 32 random bytes, prefixed so a leaked one is recognisable in logs and scanners. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

/**
 * The X-GulfPulse-Signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`.
 * The timestamp is inside the signed text, so an old request replayed later fails the receiver's
 * time window check (docs/product/alerts.md shows the receiver's side).
 */
export function signatureHeader(secret: string, unixSeconds: number, rawBody: string): string {
  const v1 = createHmac("sha256", secret).update(`${unixSeconds}.${rawBody}`).digest("hex");
  return `t=${unixSeconds},v1=${v1}`;
}
