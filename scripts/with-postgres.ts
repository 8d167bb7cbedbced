/**
 * Runs a command against a throwaway PostgreSQL server on loopback (npm run test:pg):
 * initdb into a temp folder, start, export TEST_DATABASE_URL, run, stop.
 */
import { spawn } from "node:child_process";
import { startCluster } from "./pg-cluster";

const cluster = await startCluster({
  port: Number(process.env.PG_PORT ?? 54329),
  options: "-c max_connections=300",
});
const [cmd, ...args] = process.argv.slice(2);
const child = spawn(cmd!, args, {
  stdio: "inherit",
  env: { ...process.env, TEST_DATABASE_URL: cluster.url },
  shell: true,
});
child.on("exit", async (code) => {
  await cluster.destroy();
  process.exit(code ?? 1);
});
