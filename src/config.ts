// Runtime configuration, read once from the environment.
import { createHash } from "node:crypto";

export interface Config {
  port: number;
  databaseUrl: string;
  /** Service name used in problem types: com.<service>.api:<area>/<code>. */
  serviceName: string;
  /** Secret that signs pagination cursors; must be shared by all replicas. */
  cursorSecret: string;
  /** When set, facades call this remote core instead of executing GraphQL in-process. */
  coreUrl: string | null;
  production: boolean;
  /** Staff session lifetime. */
  sessionTtlMs: number;
  logLevel: string;
  /** Serve the REST/compat facades (true) or only the GraphQL core. */
  serveFacades: boolean;
  /** Requests per minute per API client and door; 0 disables the limit. */
  rateLimits: { graphql: number; rest: number; compat: number };
  webhooks: WebhookConfig;
  /** An idempotency key in flight longer than this is taken over: its holder is presumed dead (IDEMPOTENCY_IN_FLIGHT_MS, default 65 s). */
  idempotencyInFlightMs: number;
  /** Origins allowed to call the service from a browser (CORS_ORIGINS, comma-separated exact origins); none by default. */
  corsOrigins: string[];
  /** Answer GraphQL introspection (GRAPHQL_INTROSPECTION; default: outside production only). */
  graphqlIntrospection: boolean;
}

export interface WebhookConfig {
  /** Run the delivery dispatcher inside this process (WEBHOOK_DISPATCHER, default true). */
  dispatcher: boolean;
  /** Delays before each retry after the first attempt, in ms (WEBHOOK_RETRY_SCHEDULE). */
  retrySchedule: number[];
  /** Per-attempt HTTP timeout (WEBHOOK_TIMEOUT, default 15s). */
  timeoutMs: number;
  /** How often an idle dispatcher looks for due deliveries (WEBHOOK_POLL_INTERVAL, default 1s). */
  pollIntervalMs: number;
  /** How long a claimed delivery stays leased to one replica; must exceed the timeout (WEBHOOK_LEASE, default timeout + 30s). */
  leaseMs: number;
  /** Deliveries in flight per process (WEBHOOK_CONCURRENCY, default 32). */
  concurrency: number;
  /** Of those, at most this many for one store / one callback origin (WEBHOOK_CONCURRENCY_PER_STORE / _PER_ORIGIN, default a quarter). */
  perStoreConcurrency: number;
  perOriginConcurrency: number;
  /** AES-256-GCM key material for subscriber secrets at rest (WEBHOOK_ENCRYPTION_KEY). */
  encryptionKey: string;
  /** Allow http/private/loopback callback URLs (WEBHOOK_ALLOW_PRIVATE_URLS=true; off by default in every environment). */
  allowPrivateUrls: boolean;
}

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** "5s", "250ms", "2h" → milliseconds. */
export function parseDuration(text: string, name: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)\s*$/.exec(text);
  if (!m) throw new Error(`${name}: cannot read ${JSON.stringify(text)} as a duration (e.g. 250ms, 5s, 5m, 2h, 1d)`);
  return Math.round(Number(m[1]) * UNITS[m[2]]);
}

export const DEFAULT_RETRY_SCHEDULE = "5s,5m,30m,2h,5h,10h,10h";

function loadWebhookConfig(env: NodeJS.ProcessEnv, production: boolean, databaseUrl: string): WebhookConfig {
  const retrySchedule = (env.WEBHOOK_RETRY_SCHEDULE ?? DEFAULT_RETRY_SCHEDULE)
    .split(",")
    .filter((s) => s.trim() !== "")
    .map((s) => parseDuration(s, "WEBHOOK_RETRY_SCHEDULE"));
  const timeoutMs = parseDuration(env.WEBHOOK_TIMEOUT || "15s", "WEBHOOK_TIMEOUT");
  const leaseMs = env.WEBHOOK_LEASE ? parseDuration(env.WEBHOOK_LEASE, "WEBHOOK_LEASE") : timeoutMs + 30_000;
  if (leaseMs <= timeoutMs) throw new Error("WEBHOOK_LEASE must be longer than WEBHOOK_TIMEOUT (a lease outlives every attempt)");
  const concurrency = Math.max(1, Number(env.WEBHOOK_CONCURRENCY || 32));
  if (production && !env.WEBHOOK_ENCRYPTION_KEY) {
    throw new Error("WEBHOOK_ENCRYPTION_KEY must be set in production (shared by every replica)");
  }
  return {
    dispatcher: env.WEBHOOK_DISPATCHER !== "false",
    retrySchedule,
    timeoutMs,
    pollIntervalMs: parseDuration(env.WEBHOOK_POLL_INTERVAL || "1s", "WEBHOOK_POLL_INTERVAL"),
    leaseMs,
    concurrency,
    perStoreConcurrency: Math.max(1, Number(env.WEBHOOK_CONCURRENCY_PER_STORE || Math.ceil(concurrency / 4))),
    perOriginConcurrency: Math.max(1, Number(env.WEBHOOK_CONCURRENCY_PER_ORIGIN || Math.ceil(concurrency / 4))),
    encryptionKey: env.WEBHOOK_ENCRYPTION_KEY || createHash("sha256").update(`retour-dev-webhook-key:${databaseUrl}`).digest("hex"),
    allowPrivateUrls: env.WEBHOOK_ALLOW_PRIVATE_URLS === "true",
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === "production";
  const databaseUrl = env.DATABASE_URL || "file:./data/retour.db";
  const cursorSecret =
    env.CURSOR_SECRET ||
    // Development default: stable per database so restarts keep cursors valid.
    createHash("sha256").update(`retour-dev-cursor:${databaseUrl}`).digest("hex");
  if (production && !env.CURSOR_SECRET) {
    throw new Error("CURSOR_SECRET must be set in production (shared by every replica)");
  }
  return {
    port: Number(env.PORT || 4000),
    databaseUrl,
    serviceName: env.SERVICE_NAME || "retour",
    cursorSecret,
    coreUrl: env.CORE_URL || null,
    production,
    sessionTtlMs: Number(env.SESSION_TTL_HOURS || 12) * 3600_000,
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === "test" ? "silent" : "info"),
    serveFacades: env.SERVE_FACADES !== "false",
    rateLimits: {
      graphql: Number(env.RATE_LIMIT_GRAPHQL_PER_MINUTE ?? 1200),
      rest: Number(env.RATE_LIMIT_REST_PER_MINUTE ?? 1200),
      // The third-party platform allows 300 requests per minute per key.
      compat: Number(env.RATE_LIMIT_COMPAT_PER_MINUTE ?? 300),
    },
    webhooks: loadWebhookConfig(env, production, databaseUrl),
    idempotencyInFlightMs: Math.max(1, Number(env.IDEMPOTENCY_IN_FLIGHT_MS || 65_000)),
    corsOrigins: [...parseCorsOrigins(env.CORS_ORIGINS)],
    graphqlIntrospection: env.GRAPHQL_INTROSPECTION ? env.GRAPHQL_INTROSPECTION === "true" : !production,
  };
}

/** CORS_ORIGINS: comma-separated exact origins (`scheme://host[:port]`), no wildcard. */
export function parseCorsOrigins(text: string | undefined): Set<string> {
  const out = new Set<string>();
  for (const raw of (text ?? "").split(",")) {
    const s = raw.trim();
    if (!s) continue;
    let url: URL;
    try {
      url = new URL(s);
    } catch {
      throw new Error(`CORS_ORIGINS: ${JSON.stringify(s)} is not an origin such as https://admin.example.com`);
    }
    if (s === "*" || url.origin !== s.replace(/\/$/, "")) throw new Error(`CORS_ORIGINS: ${JSON.stringify(s)} must be an exact origin (scheme://host[:port], no path, no wildcard)`);
    out.add(url.origin);
  }
  return out;
}

