import { timingSafeEqual } from "node:crypto";
import { BlockList, isIP } from "node:net";
import client from "prom-client";
import type { Services } from "../services";

/**
 * The app's own gauges beside Node's default metrics, read at scrape time (GET /metrics). Each
 * process reports itself: sum SSE clients over processes, expect exactly one job leader.
 */
export function registerAppMetrics(registry: client.Registry, services: Services) {
  const registers = [registry];
  new client.Gauge({
    name: "gulfpulse_job_leader",
    help: "1 when this process holds the jobs leader lock",
    registers,
    collect() {
      this.set(services.jobs.isLeader() ? 1 : 0);
    },
  });
  new client.Gauge({
    name: "gulfpulse_sse_clients",
    help: "Open Server-Sent Events streams on this process",
    registers,
    collect() {
      this.set(services.sse.clientCount());
    },
  });
  new client.Gauge({
    name: "gulfpulse_session_lookups",
    help: "Session lookups on this process since start, answered from memory or read from the database (decision 022)",
    labelNames: ["source"],
    registers,
    collect() {
      const { hits, reads } = services.sessions.stats();
      this.set({ source: "memory" }, hits);
      this.set({ source: "database" }, reads);
    },
  });
  new client.Gauge({
    name: "gulfpulse_job_last_run_timestamp_seconds",
    help: "When each job last finished on this process (leader only)",
    labelNames: ["job"],
    registers,
    collect() {
      for (const j of services.jobs.status()) {
        if (j.lastRunAt) this.set({ job: j.name }, j.lastRunAt.getTime() / 1000);
      }
    },
  });
  new client.Gauge({
    name: "gulfpulse_job_failing",
    help: "1 when the job's last run on this process failed",
    labelNames: ["job"],
    registers,
    collect() {
      for (const j of services.jobs.status()) this.set({ job: j.name }, j.lastError ? 1 : 0);
    },
  });
  new client.Gauge({
    name: "gulfpulse_mail_outbox",
    help: "Mails in the outbox by status (shared database: the same on every process)",
    labelNames: ["status"],
    registers,
    async collect() {
      const counts = await services.outbox.counts().catch(() => null);
      if (counts) for (const [status, n] of Object.entries(counts)) this.set({ status }, n);
    },
  });
  new client.Gauge({
    name: "gulfpulse_alert_deliveries",
    help: "Push and webhook deliveries waiting (pending), in flight (sending) and failed in the last day, by channel",
    labelNames: ["channel", "state"],
    registers,
    async collect() {
      this.reset();
      const rows = await services.delivery.backlog().catch(() => null);
      for (const r of rows ?? []) this.set({ channel: r.channel, state: r.state }, r.n);
    },
  });
}

/**
 * Who may read /metrics: it names internals (the job leader, queue depths, client counts). A
 * request passes with `Authorization: Bearer <METRICS_TOKEN>`, or from an address in METRICS_ALLOW
 * (loopback by default; behind a proxy the client address is the forwarded one, TRUST_PROXY).
 */
export function metricsAccess(config: { METRICS_TOKEN?: string; METRICS_ALLOW: string[] }) {
  const allowed = new BlockList();
  for (const entry of config.METRICS_ALLOW) {
    const [address, bits] = entry.split("/");
    const family = isIP(address ?? "");
    if (!family) continue;
    const type = family === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) allowed.addAddress(address!, type);
    else allowed.addSubnet(address!, Number(bits), type);
  }
  const token = config.METRICS_TOKEN ? Buffer.from(config.METRICS_TOKEN) : null;
  return function permits(ip: string | undefined, authorization: string | undefined): boolean {
    if (token && authorization?.startsWith("Bearer ")) {
      const given = Buffer.from(authorization.slice("Bearer ".length).trim());
      if (given.length === token.length && timingSafeEqual(given, token)) return true;
    }
    if (!ip) return false;
    // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d.
    const plain = ip.startsWith("::ffff:") && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
    const family = isIP(plain);
    return family !== 0 && allowed.check(plain, family === 6 ? "ipv6" : "ipv4");
  };
}
