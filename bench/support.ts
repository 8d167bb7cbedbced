/**
 * Helpers the benchmarks share: they run servers and load generators as child processes that
 * report over IPC. (bench/sse.ts predates this file and keeps its own copies.)
 */
import type { ChildProcess } from "node:child_process";
import net from "node:net";

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The next IPC message of a type from a child, or an error after the timeout. */
export const nextMessage = <T>(child: ChildProcess, type: string, timeoutMs = 300_000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} message`)), timeoutMs);
    const on = (m: any) => {
      if (m?.type !== type) return;
      child.off("message", on);
      clearTimeout(timer);
      resolve(m as T);
    };
    child.on("message", on);
  });

/** A loopback port nobody listens on right now. */
export async function freePort() {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

/** Polls a URL until it answers 2xx (a server finishing its start). */
export async function waitHttp(url: string, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await sleep(250);
  }
  throw new Error(`${url} did not answer`);
}
