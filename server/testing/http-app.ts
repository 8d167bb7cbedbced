import type http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { createHttpApp } from "../http/app";
import { answerClientErrors } from "../http/errors";
import type { Services } from "../services";

export interface TestHttpApp {
  /** The listening origin, e.g. http://127.0.0.1:41234 */
  url: string;
  close(): Promise<void>;
}

/**
 * The real Express app (security middleware, redirects, raw mounts, React Router) on a loopback
 * port, with the route modules compiled in-process by Vite so no production build is needed.
 * Runs in production mode, so error bodies and CSP are the ones users get.
 */
export async function startTestHttpApp(services: Services): Promise<TestHttpApp> {
  const { createServer } = await import("vite");
  const vite = await createServer({
    configFile: path.resolve("vite.config.ts"),
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: "custom",
    logLevel: "silent",
  });
  const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  const app = createHttpApp({ services, build });
  const server = await new Promise<http.Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  answerClientErrors(server);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await vite.close();
    },
  };
}
