import type { PushDevice } from "#common/push-schema";
import type { ChannelSender } from "../delivery/types";

/** Web Push: this site's public key, the user's devices, and the channel sender of the queue. */
export interface PushService {
  /** The VAPID public key browsers subscribe with (applicationServerKey). */
  publicKey: string;
  /** Stores the browser's subscription (`subscription.toJSON()`, checked here) for the user. */
  subscribe(userId: string, input: unknown, userAgent: string | null): Promise<PushDevice>;
  /** Removes one of the user's devices by `{ endpoint }` or `{ id }`; not_found when it is not theirs. */
  unsubscribe(userId: string, input: unknown): Promise<void>;
  devices(userId: string): Promise<PushDevice[]>;
  /** Sends a test message to each of the user's devices now; how many it reached. */
  sendTest(userId: string, lang: "en" | "ar"): Promise<PushTestResult>;
  /** The delivery queue's sender for the `push` channel. */
  sender: ChannelSender;
}

export interface PushTestResult {
  sent: number;
  failed: number;
  /** Devices whose subscription had expired and were removed. */
  removed: number;
}
