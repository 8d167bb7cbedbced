import type express from "express";
import client from "prom-client";
import type { Services } from "../services";
import { clientAddress } from "./client-address";
import { metricsAccess, registerAppMetrics } from "./metrics";

/**
 * Node's default metrics, the app's own gauges and a count of every response by status class, on
 * one registry for GET /metrics.
 */
export function countRequests(app: express.Express, services: Services) {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const requests = new client.Counter({
    name: "http_requests_total",
    help: "HTTP requests by status class",
    labelNames: ["status"],
    registers: [registry],
  });
  registerAppMetrics(registry, services);
  app.use((_req, res, next) => {
    res.on("finish", () => requests.inc({ status: `${Math.floor(res.statusCode / 100)}xx` }));
    next();
  });
  return registry;
}

/** The operator's endpoints: liveness, readiness (the database answers) and the metrics. */
export function mountProbes(app: express.Express, services: Services, registry: client.Registry) {
  app.get("/healthz", (_req, res) => void res.json({ status: "ok" }));
  app.get("/readyz", async (_req, res) => {
    try {
      await services.database.query("select 1");
      res.json({ status: "ready", database: services.database.kind, jobLeader: services.jobs.isLeader() });
    } catch (err) {
      // The driver's message can name hosts and users: it goes to the log, not to the caller.
      services.log.warn({ err }, "readiness check failed");
      res.status(503).json({ status: "unavailable", error: "The database is not reachable." });
    }
  });
  const metricsAllowed = metricsAccess(services.config);
  app.get("/metrics", async (req, res) => {
    if (!metricsAllowed(clientAddress(req), req.headers.authorization)) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      res.status(401).json({ error: "Metrics need the operator's bearer token." });
      return;
    }
    res.setHeader("Content-Type", registry.contentType);
    res.send(await registry.metrics());
  });
}
