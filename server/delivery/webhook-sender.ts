import { eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { webhookEndpoints, webhookSecrets } from "../db/schema";
import { assertPublicHost, publicOnlyAgent } from "../news/address-guard";
import { outcomeOfError, outcomeOfResponse } from "./http-outcome";
import { ensureWebhookSecret } from "./secrets";
import { signatureHeader } from "./signature";
import type { ChannelSender, SendOutcome } from "./types";

export interface WebhookSenderOptions {
  db: Db;
  /** WEBHOOK_TIMEOUT_MS: one attempt, connection to last byte. */
  timeoutMs: number;
  /** WEBHOOKS_ALLOW_PRIVATE: loopback and private receivers (tests, intranet). */
  allowPrivate: boolean;
  now?: () => number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Sends one webhook: a signed JSON POST to the endpoint the queue row names, looked up with the
 * row's user id (an endpoint deleted since is final, not retried). Redirects are not followed: a
 * receiver that moved must be edited by its owner, and a redirect could point inside our network.
 */
export function createWebhookSender(o: WebhookSenderOptions): ChannelSender {
  const now = o.now ?? Date.now;
  /** Endpoints of the claimed batch, loaded by prepare and taken by send (read just before). */
  const prepared = new Map<string, { url: string; secret: string | null } | null>();
  const key = (userId: string, target: string) => `${userId} ${target}`;

  async function lookup(pairs: Array<{ userId: string; target: string }>) {
    const ids = [...new Set(pairs.map((p) => p.target))].filter((t) => UUID.test(t));
    const rows = ids.length
      ? await o.db
          .select({
            id: webhookEndpoints.id,
            userId: webhookEndpoints.userId,
            url: webhookEndpoints.url,
            secret: webhookSecrets.secret,
          })
          .from(webhookEndpoints)
          .leftJoin(webhookSecrets, eq(webhookSecrets.userId, webhookEndpoints.userId))
          .where(inArray(webhookEndpoints.id, ids))
      : [];
    // The owner's id is part of the key: a row can only use an endpoint of its own user.
    const found = new Map(rows.map((r) => [key(r.userId, r.id), { url: r.url, secret: r.secret }]));
    for (const p of pairs) prepared.set(key(p.userId, p.target), found.get(key(p.userId, p.target)) ?? null);
  }

  return {
    prepare: lookup,
    async send(d): Promise<SendOutcome> {
      const k = key(d.userId, d.target);
      if (!prepared.has(k)) await lookup([d]);
      const endpoint = prepared.get(k);
      prepared.delete(k);
      if (!endpoint) return { ok: false, retry: false, gone: true, error: "webhook endpoint removed" };
      const secret = endpoint.secret ?? (await ensureWebhookSecret(o.db, d.userId));
      const body = JSON.stringify({ ...d.payload, id: d.eventId });
      const t = Math.floor(now() / 1000);
      const started = performance.now();
      const latency = () => Math.round(performance.now() - started);
      let res: Response;
      try {
        const url = new URL(endpoint.url);
        if (!o.allowPrivate) assertPublicHost(url);
        res = await fetch(url, {
          method: "POST",
          redirect: "manual",
          signal: AbortSignal.timeout(o.timeoutMs),
          headers: {
            "content-type": "application/json",
            "user-agent": "GulfPulse-Webhooks/1",
            "x-gulfpulse-event-id": d.eventId,
            "x-gulfpulse-timestamp": String(t),
            "x-gulfpulse-signature": signatureHeader(secret, t, body),
          },
          body,
          ...(o.allowPrivate ? {} : { dispatcher: publicOnlyAgent }),
        } as RequestInit);
      } catch (err) {
        return outcomeOfError(err, latency(), o.timeoutMs);
      }
      return outcomeOfResponse(res, latency, now());
    },
  };
}
