import type { DeliveryChannel } from "#common/alert-options";
import type { Db } from "../db/client";

/** One alert event to deliver over the channels beyond in-app and email. */
export interface DeliveryRequest {
  userId: string;
  /** Stable id of the event; every retry to every target carries the same one. */
  eventId: string;
  triggerId: string | null;
  payload: Record<string, unknown>;
  push: boolean;
  webhook: boolean;
  /** The alert's chosen endpoint; null means the user's default endpoint. */
  webhookId: string | null;
}

export interface DeliveryQueue {
  /** tx is the caller's transaction: the trigger and its deliveries commit together. */
  enqueue(tx: Db, requests: DeliveryRequest[]): Promise<void>;
}

/**
 * What one attempt came to. retry=false is final (dead); gone marks a target
 * that no longer exists (a push subscription answered 404/410).
 */
export type SendOutcome =
  | { ok: true; statusCode: number; latencyMs: number }
  | {
      ok: false;
      retry: boolean;
      statusCode?: number;
      latencyMs?: number;
      error: string;
      retryAfterMs?: number;
      gone?: boolean;
    };

export interface ChannelSender {
  send(delivery: {
    id: string;
    userId: string;
    eventId: string;
    target: string;
    payload: Record<string, unknown>;
    attempt: number;
  }): Promise<SendOutcome>;
  /**
   * Optional: called with each claimed batch before its sends, so a sender can load what they
   * need (addresses, keys) in one query instead of one per delivery.
   */
  prepare?(deliveries: Array<{ userId: string; target: string }>): Promise<void>;
}

/** A queue row as the worker claimed it (snake_case: read straight from the claim statement). */
export interface ClaimedDelivery {
  id: string;
  user_id: string;
  event_id: string;
  channel: DeliveryChannel;
  target: string;
  payload: Record<string, unknown>;
  /** This attempt's number; also the fence: a row reclaimed by another worker has a higher one. */
  attempts: number;
}
