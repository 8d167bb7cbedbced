/**
 * What a signed-in request spends on finding out who it is: Better Auth's database read of the
 * session (the baseline, what every request paid before) against the session cache of
 * server/auth/sessions.ts, and the same for the admin-role check the root loader makes. Runs on
 * PGlite, or on a PostgreSQL server with DATABASE_URL (the process then sends heartbeats on the bus).
 *
 *   npm run bench:sessions           (N=2000 lookups each; DATABASE_URL=postgres://... for a server)
 */
import { loadConfig } from "../server/config";
import { openPglite, openPostgres } from "../server/db/client";
import { createLogger } from "../server/logger";
import { createServices } from "../server/services";
import { signInCookie, signUpVerified } from "../server/testing/fixtures";

const N = Number(process.env.N ?? 2000);

async function time(label: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < 100; i++) await fn();
  const t0 = performance.now();
  for (let i = 0; i < N; i++) await fn();
  const us = ((performance.now() - t0) * 1000) / N;
  return { label, us };
}

const config = loadConfig({
  NODE_ENV: "production",
  AUTH_SECRET: "bench-secret-bench-secret-bench-secret-1",
  JOBS_ENABLED: "false",
  LOG_LEVEL: "silent",
  PUBLIC_URL: "http://localhost:3000",
});
const url = process.env.DATABASE_URL;
const database = url ? await openPostgres(url) : await openPglite();
const s = await createServices(config, createLogger("silent"), database);
const email = `bench-${Date.now()}@example.com`;
const userId = await signUpVerified(s, email, "Bench");
const headers = new Headers({ cookie: await signInCookie(s, email) });
// Memory is trusted once the first heartbeat came back (PostgreSQL); on PGlite at once.
while (!(await s.sessions.get(headers)) || s.sessions.stats().hits === 0)
  await new Promise((r) => setTimeout(r, 50));

const rows = [
  await time("session: database read (before)", () => s.auth.api.getSession({ headers })),
  await time("session: cache", () => s.sessions.get(headers)),
  await time("admin role: database read (before)", () =>
    s.database.query(`select 1 from user_roles where user_id = $1 and role = 'admin' limit 1`, [userId]),
  ),
  await time("admin role: cache", () => s.sessions.isAdmin(userId)),
];
console.log(`database: ${url ? "PostgreSQL" : "PGlite"}, ${N} sequential lookups each`);
for (const { label, us } of rows) console.log(`${label.padEnd(38)} ${us.toFixed(1).padStart(8)} µs`);
console.log(
  `ratio session ${(rows[0]!.us / rows[1]!.us).toFixed(0)}×, role ${(rows[2]!.us / rows[3]!.us).toFixed(0)}× faster from memory`,
);
await s.close();
