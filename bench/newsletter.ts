/**
 * npm run bench:newsletter — a 10,000-subscriber campaign through the outbox to a real SMTP
 * server on loopback: mails per second, peak memory and duplicates (must be 0), against a
 * baseline of raw nodemailer sends (same pool, no database) measured in the same run.
 *
 *   BENCH_SUBSCRIBERS=10000  MAIL_RATE_PER_SECOND=500 (the default config)  DATABASE_URL=... (optional)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import nodemailer from "nodemailer";
import { loadConfig } from "#server/config";
import { openPglite, openPostgres } from "#server/db/client";
import { newsletterSubscribers } from "#server/db/schema";
import { createLogger } from "#server/logger";
import { startSmtpSink } from "#server/mail/testing/smtp-sink";
import { createServices } from "#server/services";

const N = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Samples resident memory every 20 ms; returns the peak since start. */
function memoryProbe() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  return {
    peak: () => peak,
    reset: () => {
      peak = process.memoryUsage().rss;
    },
    stop: () => clearInterval(timer),
  };
}
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

function duplicates(counts: Map<string, number>) {
  let dup = 0;
  for (const n of counts.values()) dup += n - 1;
  return dup;
}

async function outboxRun(mem: ReturnType<typeof memoryProbe>) {
  const sink = await startSmtpSink();
  const config = loadConfig({
    ...process.env,
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    JOBS_ENABLED: "false",
    SEED_ON_START: "false",
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-1",
    SMTP_URL: sink.url,
    // Benchmarks never ask real price or calendar sources.
    MARKET_PROVIDER: "simulator",
    CALENDAR_SOURCE: "schedule",
  });
  // A data folder on disk, like the embedded default (an in-memory PGlite keeps its files in RAM).
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gp-bench-"));
  const database = config.DATABASE_URL ? await openPostgres(config.DATABASE_URL) : await openPglite(dataDir);
  const s = await createServices(config, createLogger("silent"), database);
  for (let i = 0; i < N; i += 1_000) {
    await s.db.insert(newsletterSubscribers).values(
      Array.from({ length: Math.min(1_000, N - i) }, (_, j) => ({
        email: `reader${i + j}@bench.test`,
        fullName: `Reader ${i + j}`,
        frequency: "weekly" as const,
      })),
    );
  }
  const content = [
    "## This week in Gulf markets",
    "**TASI** gained 1.2% on banking strength while **DFM** held near its highs.",
    "- Brent above $80\n- USD/AED pegged at 3.6725\n- Kuwait CPI due Thursday",
    "[Read the full analysis](https://gulfpulse.example/news-analytics)",
  ].join("\n\n");

  const rssBefore = process.memoryUsage().rss;
  mem.reset();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const { campaignId, queued } = await s.newsletter.sendCampaign({
    subject: "Weekly Gulf markets",
    content,
    frequency: "weekly",
  });
  const t1 = performance.now();
  const cpuQueue = process.cpuUsage(cpu0);
  for (;;) {
    await s.outbox.drain();
    const p = await s.newsletter.campaign(campaignId);
    if (p!.pending === 0) break;
    await sleep(50);
  }
  const t2 = performance.now();
  const cpu = process.cpuUsage(cpu0);
  const peak = mem.peak();
  const result = {
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    cpuQueueSeconds: (cpuQueue.user + cpuQueue.system) / 1e6,
    rssBefore,
    queued,
    queueSeconds: (t1 - t0) / 1000,
    deliverSeconds: (t2 - t1) / 1000,
    received: sink.accepted(),
    recipients: sink.counts.size,
    duplicates: duplicates(sink.counts),
    peakRss: peak,
    rate: config.MAIL_RATE_PER_SECOND,
    database: database.kind,
  };
  await s.close();
  await sink.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return result;
}

/** Baseline: the same pooled nodemailer transport fed directly, no outbox, no database. */
async function baselineRun(mem: ReturnType<typeof memoryProbe>) {
  const sink = await startSmtpSink();
  const transporter = nodemailer.createTransport({
    url: sink.url,
    pool: true,
    maxConnections: 5,
    maxMessages: 1_000,
  } as any);
  const html = `<!DOCTYPE html><html><body>${"<p>Gulf markets this week.</p>".repeat(60)}</body></html>`;
  mem.reset();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let next = 0;
  async function worker() {
    while (next < N) {
      const i = next++;
      await transporter.sendMail({
        from: "GulfPulse <no-reply@gulfpulse.local>",
        to: `reader${i}@bench.test`,
        subject: "Weekly Gulf markets",
        html,
        text: "Gulf markets this week.",
      });
    }
  }
  await Promise.all(Array.from({ length: 10 }, worker));
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const peak = mem.peak();
  transporter.close();
  const out = {
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    seconds,
    received: sink.accepted(),
    duplicates: duplicates(sink.counts),
    peakRss: peak,
  };
  await sink.close();
  return out;
}

async function main() {
  const mem = memoryProbe();
  console.log(`newsletter bench: ${N} subscribers, loopback SMTP (smtp-server), Node ${process.version}`);
  const startRss = process.memoryUsage().rss;
  const base = await baselineRun(mem);
  const run = await outboxRun(mem);
  mem.stop();
  const outboxRate = run.received / run.deliverSeconds;
  const endToEnd = run.received / (run.queueSeconds + run.deliverSeconds);
  const baseRate = base.received / base.seconds;
  const rows: Array<[string, string, string]> = [
    ["", "outbox campaign", "baseline (raw nodemailer)"],
    ["database", run.database, "none"],
    ["MAIL_RATE_PER_SECOND", String(run.rate), "unlimited"],
    ["mails received", String(run.received), String(base.received)],
    ["distinct recipients", String(run.recipients), "-"],
    ["duplicates", String(run.duplicates), String(base.duplicates)],
    ["queueing (s)", run.queueSeconds.toFixed(2), "-"],
    ["delivery (s)", run.deliverSeconds.toFixed(2), base.seconds.toFixed(2)],
    ["mails/s (delivery)", outboxRate.toFixed(0), baseRate.toFixed(0)],
    ["mails/s (queue + delivery)", endToEnd.toFixed(0), "-"],
    ["CPU time (s), incl. SMTP server", run.cpuSeconds.toFixed(2), base.cpuSeconds.toFixed(2)],
    ["CPU (s) of which queueing", run.cpuQueueSeconds.toFixed(2), "-"],
    [
      "CPU ms per mail",
      ((run.cpuSeconds * 1000) / run.received).toFixed(2),
      ((base.cpuSeconds * 1000) / base.received).toFixed(2),
    ],
    ["RSS before the campaign", mb(run.rssBefore), "-"],
    ["peak RSS", mb(run.peakRss), mb(base.peakRss)],
  ];
  const w = [32, 18, 26];
  for (const r of rows) console.log(r.map((c, i) => c.padEnd(w[i]!)).join(" "));
  console.log(`RSS at start: ${mb(startRss)}`);
  console.log(`ratio outbox / baseline (delivery mails/s): ${(outboxRate / baseRate).toFixed(2)}`);
  const ok = run.duplicates === 0 && run.received === N && outboxRate >= 200;
  console.log(ok ? "PASS: 0 duplicates, every subscriber reached, >= 200 mails/s" : "FAIL");
  process.exit(ok ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
