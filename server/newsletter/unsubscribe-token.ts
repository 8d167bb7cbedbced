import crypto from "node:crypto";

/**
 * Unsubscribe links carry the subscriber id and an HMAC of it: they cannot be guessed or forged
 * for another subscriber, need no table, and keep working for as long as the mail is kept.
 */
export function createUnsubscribeTokens(secret: string) {
  const key = crypto.createHmac("sha256", secret).update("gulfpulse:newsletter-unsubscribe:v1").digest();
  const sign = (id: string) => crypto.createHmac("sha256", key).update(id).digest("base64url").slice(0, 32);
  return {
    sign: (subscriberId: string) => `${subscriberId}.${sign(subscriberId)}`,
    /** The subscriber id, or null if the token was not made by sign(). */
    verify(token: string | null | undefined): string | null {
      if (!token || token.length > 200) return null;
      const dot = token.lastIndexOf(".");
      if (dot <= 0) return null;
      const id = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1));
      const expected = Buffer.from(sign(id));
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
      return /^[0-9a-f-]{36}$/i.test(id) ? id : null;
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
