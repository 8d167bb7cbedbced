import { eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { webhookEndpoints, webhookSecrets } from "../db/schema";
import { parseRetryAfter } from "../http/retry-after";
import { assertPublicHost, PrivateAddressError, publicOnlyAgent } from "../news/address-guard";
import { isRetryableStatus } from "./retry-policy";
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

/** What of a refusal's body goes into the delivery log. */
const ERROR_SNIPPET = 200;

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
        return failureOfError(err, latency(), o.timeoutMs);
      }
      const statusCode = res.status;
      if (statusCode >= 200 && statusCode < 300) {
        await res.body?.cancel().catch(() => {});
        return { ok: true, statusCode, latencyMs: latency() };
      }
      const snippet = (await res.text().catch(() => "")).slice(0, ERROR_SNIPPET);
      const retryAfterMs = parseRetryAfter(res.headers.get("retry-after"), now()) ?? undefined;
      return {
        ok: false,
        retry: isRetryableStatus(statusCode),
        statusCode,
        latencyMs: latency(),
        error: `HTTP ${statusCode}${snippet ? `: ${snippet}` : ""}`,
        ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
      };
    },
  };
}

function failureOfError(err: unknown, latencyMs: number, timeoutMs: number): SendOutcome {
  const cause = (err as { cause?: unknown })?.cause;
  if (err instanceof PrivateAddressError || cause instanceof PrivateAddressError) {
    return { ok: false, retry: false, latencyMs, error: "refused: the address is on a private network" };
  }
  const name = (err as Error)?.name;
  if (name === "TimeoutError" || name === "AbortError") {
    return { ok: false, retry: true, latencyMs, error: `timed out after ${timeoutMs} ms` };
  }
  const code = (cause as { code?: string })?.code ?? (err as { code?: string })?.code;
  const message = (cause as Error)?.message ?? (err as Error)?.message ?? String(err);
  return {
    ok: false,
    retry: true,
    latencyMs,
    error: `connection failed${code ? ` (${code})` : ""}: ${message}`,
  };
}
