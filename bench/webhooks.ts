/**
 * npm run bench:webhooks — signed webhooks through the durable delivery queue (decision 021).
 *
 * Fires WEBHOOK_TRIGGERS (default 10,000) alert triggers, TRIGGERS_PER_TICK at a time every
 * TICK_MS (as the alerts engine does: each tick's trigger rows and deliveries in one transaction),
 * at WEBHOOK_USERS users' endpoints on one loopback receiver, through the real queue and worker
 * (lease claims, signing, per-user rate check, attempt log, trigger outcome). Reports deliveries
 * per second and trigger → accepted latency (from the tick's commit to the receiver reading the
 * request; target p99 ≤ 1 s), beside a bare fetch loop posting the same number of bodies to the
 * same receiver at the same concurrency, in the same run. Then every event must have been accepted
 * exactly once.
 *
 *   WEBHOOK_TRIGGERS=10000  TRIGGERS_PER_TICK=250  TICK_MS=500  WEBHOOK_USERS=1000  WEBHOOK_CONCURRENCY=64
 *   BENCH_DATABASE_URL=postgres://…  (default: in-memory PGlite)
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { sql } from "drizzle-orm";
import { type Database, openPglite, openPostgres } from "#server/db/client";
import { runMigrations } from "#server/db/migrate";
import { createDelivery } from "#server/delivery/service";
import type { DeliveryRequest } from "#server/delivery/types";
import { createLogger } from "#server/logger";
import { createBus } from "#server/realtime/bus";
import { createSettings } from "#server/settings/settings";
import { pct, sleep } from "./support";

const TOTAL = Number(process.env.WEBHOOK_TRIGGERS ?? 10_000);
const PER_TICK = Number(process.env.TRIGGERS_PER_TICK ?? 250);
const TICK_MS = Number(process.env.TICK_MS ?? 500);
const USERS = Number(process.env.WEBHOOK_USERS ?? 1_000);
const CONCURRENCY = Number(process.env.WEBHOOK_CONCURRENCY ?? 64);

/** A receiver that answers 200 at once and notes when each event arrived. */
async function startReceiver() {
  const arrived = new Map<string, number>();
  let duplicates = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const id = req.headers["x-gulfpulse-event-id"];
      if (typeof id === "string") {
        if (arrived.has(id)) duplicates++;
        else arrived.set(id, performance.now());
      }
      res.writeHead(200).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, arrived, duplicates: () => duplicates, close: () => new Promise((r) => server.close(r)) };
}

/** The baseline: the same number of signed-size bodies posted straight at the receiver. */
async function bareFetchLoop(url: string, n: number) {
  const body = JSON.stringify({ id: crypto.randomUUID(), type: "price_alert", title: "BTC above 100000" });
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < n) {
        const res = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
        });
        await res.arrayBuffer();
      }
    }),
  );
  return n / ((performance.now() - t0) / 1000);
}

async function main() {
  const log = createLogger("silent");
  const url = process.env.BENCH_DATABASE_URL;
  const database: Database = url ? await openPostgres(url) : await openPglite();
  await runMigrations(database);
  const db = database.db;
  const bus = await createBus(database, log);
  const settings = await createSettings(db, bus);
  const receiver = await startReceiver();
  console.log(
    `bench:webhooks — ${TOTAL.toLocaleString("en-US")} triggers, ${PER_TICK}/tick every ${TICK_MS} ms, ` +
      `${USERS} users, ${database.kind}; ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}`,
  );

  await db.execute(sql`delete from alert_deliveries`);
  await db.execute(sql`
    insert into "user" (id, full_name, email, email_verified)
    select 'wh-' || g, 'Bench ' || g, 'wh-' || g || '@bench.test', true from generate_series(1, ${USERS}::int) g
    on conflict do nothing`);
  await db.execute(sql`
    insert into webhook_endpoints (user_id, url, is_default)
    select 'wh-' || g, ${receiver.url}, true from generate_series(1, ${USERS}::int) g
    on conflict do nothing`);

  const delivery = createDelivery({
    db,
    bus,
    log,
    settings,
    config: { WEBHOOKS_ALLOW_PRIVATE: true, WEBHOOK_TIMEOUT_MS: 10_000 },
    options: { concurrency: CONCURRENCY },
  });
  delivery.start();

  const firedAt = new Map<string, number>();
  const t0 = performance.now();
  for (let fired = 0; fired < TOTAL; fired += PER_TICK) {
    const tickStart = performance.now();
    const n = Math.min(PER_TICK, TOTAL - fired);
    const ids = Array.from({ length: n }, () => crypto.randomUUID());
    await db.transaction(async (tx) => {
      const values = ids.map((id, i) => ({ id, user: `wh-${((fired + i) % USERS) + 1}` }));
      await tx.execute(sql`
        insert into alert_triggers (id, user_id, symbol, title, message, channels)
        select (r->>'id')::uuid, r->>'user', 'BTC', 'BTC above 100000', 'BTC is 100001', '{"webhook":"queued"}'
        from jsonb_array_elements(${JSON.stringify(values)}::jsonb) r`);
      const requests: DeliveryRequest[] = values.map((v) => ({
        userId: v.user,
        eventId: v.id,
        triggerId: v.id,
        payload: { type: "price_alert", title: "BTC above 100000", symbol: "BTC", price: 100_001 },
        push: false,
        webhook: true,
        webhookId: null,
      }));
      await delivery.queue.enqueue(tx, requests);
    });
    const committed = performance.now();
    for (const id of ids) firedAt.set(id, committed);
    await sleep(Math.max(0, TICK_MS - (performance.now() - tickStart)));
  }
  const deadline = Date.now() + 600_000;
  while (receiver.arrived.size < TOTAL && Date.now() < deadline) await sleep(50);
  const last = Math.max(...receiver.arrived.values());
  await delivery.stop();

  const latencies = [...firedAt]
    .map(([id, at]) => (receiver.arrived.get(id) ?? Number.NaN) - at)
    .sort((a, b) => a - b);
  const dps = receiver.arrived.size / ((last - t0) / 1000);
  const [counts] = (
    (await db.execute(sql`
      select count(*) filter (where status = 'delivered')::int as delivered,
        count(*) filter (where status <> 'delivered')::int as other,
        (select count(*)::int from delivery_attempts) as attempts
      from alert_deliveries`)) as unknown as {
      rows: Array<{ delivered: number; other: number; attempts: number }>;
    }
  ).rows;

  const bare = await bareFetchLoop(receiver.url, TOTAL);
  console.log(
    `queue: ${receiver.arrived.size.toLocaleString("en-US")} accepted in ${((last - t0) / 1000).toFixed(1)} s, ` +
      `${dps.toFixed(0)} deliveries/s (offered ${((PER_TICK * 1000) / TICK_MS).toFixed(0)}/s); ` +
      `trigger → accepted p50 ${pct(latencies, 50).toFixed(0)} ms, p99 ${pct(latencies, 99).toFixed(0)} ms, ` +
      `max ${latencies.at(-1)!.toFixed(0)} ms (target p99 ≤ 1000 ms)`,
  );
  console.log(
    `bare fetch loop (${CONCURRENCY} in flight): ${bare.toFixed(0)} requests/s; queue / bare ${(dps / bare).toFixed(2)}×`,
  );
  console.log(
    `rows: ${counts!.delivered} delivered, ${counts!.other} not, ${counts!.attempts} attempts; ` +
      `duplicates at the receiver ${receiver.duplicates()}; load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  const ok = receiver.arrived.size === TOTAL && receiver.duplicates() === 0 && counts!.other === 0;
  await receiver.close();
  await bus.close();
  await database.close();
  if (!ok) {
    console.error("FAILED: not every event was accepted exactly once");
    process.exit(1);
  }
}

await main();
