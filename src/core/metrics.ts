// Prometheus metrics (prom-client): one registry per running service. Requests, GraphQL operations
// and webhook attempts are counted in memory as they happen (no database work on the hot path); the
// webhook queue and the pool are sampled when Prometheus scrapes, by one cheap grouped query.
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../db/client.js";

/**
 * The label of every operation whose name the server did not write: clients choose names (of any
 * length, any number of them), so only the doors' and the dashboard's own documents get their own.
 */
export const OTHER_OPERATION = "other";

export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Histogram({
    name: "retour_http_request_duration_seconds",
    help: "HTTP requests by door, route pattern, method and status, with their latency.",
    labelNames: ["door", "route", "method", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly operations = new Counter({
    name: "retour_graphql_operations_total",
    help: "GraphQL operations by operation name and outcome (ok, or the first error's code).",
    labelNames: ["operation", "outcome"] as const,
    registers: [this.registry],
  });
  private readonly deliveries = new Histogram({
    name: "retour_webhook_delivery_attempt_duration_seconds",
    help: "Webhook delivery attempts by outcome (success, failure), with their latency.",
    labelNames: ["outcome"] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30],
    registers: [this.registry],
  });
  /** The server's own operation names (see knowOperations): the only ones that become labels. */
  private readonly operationNames = new Set<string>();

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  request(door: string, route: string, method: string, status: number, seconds: number): void {
    this.requests.observe({ door, route, method, status: String(status) }, seconds);
  }

  /** Names the server's own documents (the doors', the dashboard's): fixed at start-up, so the labels are too. */
  knowOperations(names: Iterable<string>): void {
    for (const name of names) this.operationNames.add(name);
  }

  graphqlOperation(name: string | null | undefined, outcome: string): void {
    const label = name && this.operationNames.has(name) ? name : OTHER_OPERATION;
    this.operations.inc({ operation: label, outcome });
  }

  /** The two label sets' series, looked up once (observe with labels hashes them on every attempt). */
  private readonly deliveryOutcomes = {
    success: this.deliveries.labels({ outcome: "success" }),
    failure: this.deliveries.labels({ outcome: "failure" }),
  };

  deliveryAttempt(ok: boolean, latencyMs: number): void {
    (ok ? this.deliveryOutcomes.success : this.deliveryOutcomes.failure).observe(latencyMs / 1000);
  }

  /** Gauges read at scrape time: the webhook queue (when this process dispatches) and the pool. */
  watchStorage(db: Database, dispatching: boolean): void {
    if (dispatching) {
      let depth: Gauge<"status">;
      let oldest: Gauge;
      // One grouped query per scrape for both gauges.
      let sample: Promise<void> | null = null;
      const refresh = () =>
        (sample ??= (async () => {
          try {
            const rows = await db.prisma.webhookDelivery.groupBy({
              by: ["status"],
              where: { status: { in: ["pending", "waiting"] } },
              _count: { _all: true },
              _min: { createdAt: true },
            });
            const of = (status: string) => rows.find((r) => r.status === status);
            for (const status of ["pending", "waiting"]) depth.set({ status }, of(status)?._count._all ?? 0);
            const since = of("pending")?._min.createdAt;
            oldest.set(since ? Math.max(0, (Date.now() - since.getTime()) / 1000) : 0);
          } catch {
            // Storage unavailable: the gauges keep their last value; /readyz tells the story.
          } finally {
            setImmediate(() => (sample = null));
          }
        })());
      depth = new Gauge({
        name: "retour_webhook_queue_depth",
        help: "Deliveries not yet finished, by status (pending: due or retrying; waiting: behind an earlier delivery of the same subject).",
        labelNames: ["status"] as const,
        registers: [this.registry],
        collect: refresh,
      });
      oldest = new Gauge({
        name: "retour_webhook_oldest_pending_age_seconds",
        help: "Age of the oldest pending delivery (0 when none).",
        registers: [this.registry],
        collect: refresh,
      });
    }
    const pool: Gauge<"state"> = new Gauge({
      name: "retour_db_pool_connections",
      help: "Database connections by state (open, idle, waiting requests, max).",
      labelNames: ["state"] as const,
      registers: [this.registry],
      collect() {
        const s = db.poolStats();
        pool.set({ state: "open" }, s.total);
        pool.set({ state: "idle" }, s.idle);
        pool.set({ state: "waiting" }, s.waiting);
        pool.set({ state: "max" }, s.max);
      },
    });
  }
}

/** Constant-time bearer check (hashes first, so lengths never leak either). */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const sent = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1] ?? "";
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(sent), digest(token)) && sent.length > 0;
}

/** Serves the registry; with a token, only to callers sending it as a bearer. */
export function metricsHandler(metrics: Metrics, token: string | null): RequestListener {
  return async (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.split("?")[0] !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found: metrics are at GET /metrics\n");
      return;
    }
    if (token && !bearerMatches(req.headers.authorization, token)) {
      res
        .writeHead(401, { "content-type": "text/plain", "www-authenticate": 'Bearer realm="metrics"' })
        .end("Send Authorization: Bearer <METRICS_TOKEN>\n");
      return;
    }
    const body = await metrics.registry.metrics();
    res.writeHead(200, { "content-type": metrics.registry.contentType }).end(req.method === "HEAD" ? undefined : body);
  };
}
