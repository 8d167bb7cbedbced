import { z } from "zod";

/** The user-facing texts of the push endpoints (docs/product/alerts.md, "Web Push"). */
export const PUSH_MESSAGES = {
  badEndpoint: "The browser gave a push address this site cannot use.",
  insecureEndpoint: "The browser's push address must use https.",
  privateEndpoint: "The browser's push address is on a private network; this site cannot use it.",
  otherAccount:
    "This browser is subscribed for another account. Sign in to that account and turn notifications off there first.",
  badKeys: "The browser gave push keys this site cannot use.",
  notFound: "This device is not subscribed.",
  signIn: "Sign in to manage push notifications.",
  noDevices: "No device of yours is subscribed to push notifications.",
  rateLimited: "Too many push messages in the last minute. Try again shortly.",
} as const;

/**
 * Devices (browsers) one account may subscribe. Past it the least recently used one is replaced
 * (docs/product/alerts.md, "Web Push"); every alert is sent to each device, so this bounds the fan-out.
 */
export const MAX_PUSH_DEVICES_PER_USER = 20;

const base64url = /^[A-Za-z0-9_-]+={0,2}$/;

/** Bytes of a base64url text (padding allowed), or null when it is not base64url. */
function decodedLength(value: string): number | null {
  if (!base64url.test(value)) return null;
  const bare = value.replace(/=+$/, "");
  if (bare.length % 4 === 1) return null;
  return Math.floor((bare.length * 3) / 4);
}

/**
 * A PushSubscription as the browser serialises it (`subscription.toJSON()`). The keys are those
 * RFC 8291 needs: p256dh an uncompressed P-256 point (65 bytes), auth a 16-byte secret.
 */
export const pushSubscriptionSchema = z.object(
  {
    endpoint: z
      .string({ error: PUSH_MESSAGES.badEndpoint })
      .max(2048, PUSH_MESSAGES.badEndpoint)
      .refine((v) => {
        try {
          const u = new URL(v);
          return (u.protocol === "https:" || u.protocol === "http:") && !u.username && !u.password;
        } catch {
          return false;
        }
      }, PUSH_MESSAGES.badEndpoint),
    keys: z.object(
      {
        p256dh: z
          .string({ error: PUSH_MESSAGES.badKeys })
          .refine((v) => decodedLength(v) === 65, PUSH_MESSAGES.badKeys),
        auth: z
          .string({ error: PUSH_MESSAGES.badKeys })
          .refine((v) => decodedLength(v) === 16, PUSH_MESSAGES.badKeys),
      },
      { error: PUSH_MESSAGES.badKeys },
    ),
  },
  { error: PUSH_MESSAGES.badEndpoint },
);
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** Unsubscribing names the device by its endpoint (this browser) or its id (the device list). */
export const pushUnsubscribeSchema = z.union(
  [z.object({ endpoint: z.string().min(1).max(2048) }), z.object({ id: z.uuid() })],
  { error: PUSH_MESSAGES.notFound },
);

/** One of the user's devices on the account page. */
export interface PushDevice {
  id: string;
  device: string;
  createdAt: string;
  lastSuccessAt: string | null;
}
