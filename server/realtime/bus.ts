import { sql } from "drizzle-orm";
import type { Database, Db } from "../db/client";
import type { Logger } from "../logger";
import type { BusTopics } from "./bus-topics";

export type { BusTopic, BusTopics } from "./bus-topics";

/**
 * Cross-process pub/sub over Postgres LISTEN/NOTIFY (in-process on PGlite, across processes on a
 * server). Payloads are JSON; NOTIFY limits a payload to 8000 bytes, so publishers send compact
 * deltas, never whole tables. Every topic and its payload type is declared once in `BusTopics`
 * (./bus-topics.ts); publisher and subscriber are both typed by the topic's name. A test may
 * give its own map (`Bus<{ "test:a": ... }>`).
 */
export interface Bus<Topics extends object = BusTopics> {
  publish<K extends keyof Topics & string>(topic: K, data: Topics[K]): Promise<void>;
  subscribe<K extends keyof Topics & string>(topic: K, fn: (data: Topics[K]) => void): () => void;
  /**
   * Runs fn when the bus is back after its connection dropped: messages published meanwhile were
   * lost to this process, so state kept from them should be re-read from the database.
   */
  onReconnect(fn: () => void): void;
  close(): Promise<void>;
}

const CHANNEL = "gulfpulse_events";

/**
 * Publishes from inside the caller's transaction: NOTIFY is transactional, so subscribers hear it
 * only once the rows it announces are committed (and never when the transaction rolls back).
 */
export async function publishInTransaction<K extends keyof BusTopics>(
  tx: Db,
  topic: K,
  data: BusTopics[K],
): Promise<void> {
  await tx.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ t: topic, d: data })})`);
}

export async function createBus<Topics extends object = BusTopics>(
  database: Database,
  log: Logger,
): Promise<Bus<Topics>> {
  // Payloads are typed where they are published and subscribed; here they are only passed along.
  const handlers = new Map<string, Set<(data: any) => void>>();
  const unlisten = await database.listen(CHANNEL, (raw) => {
    let msg: { t: string; d: unknown };
    try {
      msg = JSON.parse(raw);
    } catch {
      log.warn({ raw: raw.slice(0, 200) }, "bus: unparseable message");
      return;
    }
    for (const fn of handlers.get(msg.t) ?? []) {
      try {
        fn(msg.d);
      } catch (err) {
        log.error({ err, topic: msg.t }, "bus: subscriber failed");
      }
    }
  });
  return {
    async publish(topic, data) {
      await database.notify(CHANNEL, JSON.stringify({ t: topic, d: data }));
    },
    subscribe(topic, fn) {
      let set = handlers.get(topic);
      if (!set) {
        set = new Set();
        handlers.set(topic, set);
      }
      set.add(fn);
      return () => set.delete(fn);
    },
    onReconnect(fn) {
      database.onListenReconnect(() => {
        try {
          fn();
        } catch (err) {
          log.error({ err }, "bus: reconnect hook failed");
        }
      });
    },
    close: () => unlisten(),
  };
}
