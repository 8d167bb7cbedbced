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
}
