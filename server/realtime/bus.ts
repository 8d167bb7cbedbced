import { sql } from "drizzle-orm";
import type { Database, Db } from "../db/client";
import type { Logger } from "../logger";

/**
 * Cross-process pub/sub over Postgres LISTEN/NOTIFY (in-process on PGlite, across processes on a
 * server). Payloads are JSON; NOTIFY limits a payload to 8000 bytes, so publishers send compact
 * deltas, never whole tables.
 */
export interface Bus {
  publish(topic: string, data: unknown): Promise<void>;
  subscribe(topic: string, fn: (data: any) => void): () => void;
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
export async function publishInTransaction(tx: Db, topic: string, data: unknown): Promise<void> {
  await tx.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ t: topic, d: data })})`);
}

export async function createBus(database: Database, log: Logger): Promise<Bus> {
  const handlers = new Map<string, Set<(data: unknown) => void>>();
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
