import { ECDH } from "node:crypto";
import { AppError } from "#common/errors";
import { PUSH_MESSAGES, pushSubscriptionSchema } from "#common/push-schema";
import { feedAddressProblem } from "../news/address-guard";

/**
 * A browser's push subscription, checked before it is stored. In production a push address must
 * be https on a public host (a user hands us the URL we then POST to); elsewhere loopback push
 * services (tests) are allowed.
 */
export async function checkedSubscription(input: unknown, production: boolean) {
  const parsed = pushSubscriptionSchema.safeParse(input);
  if (!parsed.success) {
    throw new AppError(
      "bad_request:push_subscription",
      parsed.error.issues[0]?.message ?? PUSH_MESSAGES.badKeys,
    );
  }
  const { endpoint, keys } = parsed.data;
  if (production && new URL(endpoint).protocol !== "https:") {
    throw new AppError("bad_request:push_subscription", PUSH_MESSAGES.insecureEndpoint);
  }
  // The address guard the sender applies on every attempt, here too: an address we would never
  // post to is refused when the browser hands it over, not stored to fail at each alert.
  if (production && (await feedAddressProblem(endpoint))) {
    throw new AppError("bad_request:push_subscription", PUSH_MESSAGES.privateEndpoint);
  }
  if (!isP256Point(keys.p256dh)) throw new AppError("bad_request:push_subscription", PUSH_MESSAGES.badKeys);
  return { endpoint, keys };
}

/** Whether a base64url text is an uncompressed point on P-256 (RFC 8291 needs one). */
function isP256Point(p256dh: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(p256dh, "base64url"), "prime256v1");
    return true;
  } catch {
    return false;
  }
}
