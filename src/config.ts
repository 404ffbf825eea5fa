// Runtime configuration, read once from the environment.
import { createHash } from "node:crypto";
import { isIP } from "node:net";
import { providerOf } from "./db/url.js";

export interface Config {
  port: number;
  /** Address the HTTP server binds to (HOST, default 0.0.0.0: every interface). */
  host: string;
  /** Which peers may set X-Forwarded-For/-Proto/-Host (Express "trust proxy"; TRUST_PROXY, default: none). */
  trustProxy: boolean | number | string;
  /** The service's public base URL (PUBLIC_URL, e.g. https://returns.example.com); absolute links are built from it. */
  publicUrl: string | null;
  /** /metrics: a bearer token on the main port (METRICS_TOKEN) and/or a separate port without one (METRICS_PORT); off when neither is set. */
  metrics: { token: string | null; port: number | null };
  /** Bootstrap a demo store on an empty database (RETOUR_DEMO; default: in development only; refused in production). */
  demo: boolean;
  databaseUrl: string;
  /**
   * DATABASE_READ_URL: a read replica of DATABASE_URL's database (same engine) for the reads that tolerate
   * lag (the returns list, its status counts and the overview: src/db/client.ts `laggingReads`); null: all on DATABASE_URL.
   */
  databaseReadUrl: string | null;
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
  /** Requests per minute per API client and door, and per address for /graphql without credentials (`anonymous`); 0 disables a limit. */
  rateLimits: { graphql: number; rest: number; compat: number; anonymous: number; shopper: number };
  webhooks: WebhookConfig;
  /** An idempotency key in flight longer than this is taken over: its holder is presumed dead (IDEMPOTENCY_IN_FLIGHT_MS, default 65 s). */
  idempotencyInFlightMs: number;
  /** Origins allowed to call the service from a browser (CORS_ORIGINS, comma-separated exact origins); none by default. */
  corsOrigins: string[];
  /** Answer GraphQL introspection (GRAPHQL_INTROSPECTION; default: outside production only). */
  graphqlIntrospection: boolean;
  mail: MailConfig;
  retention: RetentionConfig;
  /** What a shopper may upload as photos of draft returns (src/drafts/quota.ts). */
  photoQuota: PhotoQuotaConfig;
  simulation: SimulationConfig;
  /** The shops' order sync (src/shops/sync.ts): run in this process (SHOP_SYNC, default true), how often (SHOP_SYNC_INTERVAL_SECONDS, 60). */
  shopSync: { run: boolean; intervalMs: number };
  /**
   * The pusher of returns' money to the connected shops (src/shops/outcomes.ts): run in this process (SHOP_PUSH,
   * default true), the waits between attempts whose answer was lost (SHOP_PUSH_RETRY_SCHEDULE, default
   * 10s,1m,5m,30m,2h, then failed), how long an idle pusher waits before it looks again (SHOP_PUSH_POLL_INTERVAL, 60s), how long a claimed entry stays its
   * process's (SHOP_PUSH_LEASE, 2m: longer than an attempt's two shop calls; a process that died holds it that long).
   */
  shopPush: { run: boolean; retrySchedule: number[]; pollIntervalMs: number; leaseMs: number };
}

/** What the retention sweep (src/retention) deletes, and when: every age in days. */
export interface RetentionConfig {
  /** Run the sweep inside this process (RETENTION_SWEEP, default true). */
  sweep: boolean;
  /** How often it runs (RETENTION_SWEEP_INTERVAL, default 1h); with replicas, one of them runs it. */
  intervalMs: number;
  /** Rows deleted per transaction (RETENTION_BATCH, default 500). */
  batch: number;
  /** Delivered and discarded webhook deliveries and their attempts (RETENTION_DELIVERIES_DAYS, default 14). */
  deliveriesDays: number;
  /** Domain events: the webhook replay window (RETENTION_EVENTS_DAYS, default 30). */
  eventsDays: number;
  /** Cancelled and expired draft returns, after they closed (RETENTION_DRAFTS_DAYS, default 14). */
  draftsDays: number;
  /** Staff sessions, after they expired (RETENTION_SESSIONS_DAYS, default 14). */
  sessionsDays: number;
  /** Shopper emails sent, kept or failed (RETENTION_EMAILS_DAYS, default 30). */
  emailsDays: number;
  /** Policy simulation runs, after they ended (RETENTION_SIMULATIONS_DAYS, default 30). */
  simulationsDays: number;
  /** A shop's orders that could not come in, after their last failure (RETENTION_SHOP_SYNC_ERRORS_DAYS, default 30). */
  shopSyncErrorsDays: number;
}

/** How a policy simulation run works through its range (src/policy/simulation-jobs.ts). */
export interface SimulationConfig {
  /** Returns read and evaluated at a time (SIMULATION_CHUNK, default 2 000); progress is written after each. */
  chunk: number;
  /** A pause after each chunk (SIMULATION_PAUSE_MS, default 0): lets the tests watch a run's progress and cancel it. */
  pauseMs: number;
  /**
   * How long one run may take (SIMULATION_MAX_SECONDS, default 900): past it the run ends `limited`, its
   * figures covering the returns checked so far. About 30 million lines at the measured 27 s per million.
   */
  maxSeconds: number;
  /**
   * Threads a run evaluates on (SIMULATION_THREADS, default 2): its range cut in as many parts of about
   * equal returns, each read and evaluated on a worker thread with its own connection (src/policy/sim-threads.ts).
   * 1: the main thread evaluates (SQLite: its reads on one worker thread; PostgreSQL: on the pool).
   */
  threads: number;
}

export interface PhotoQuotaConfig {
  /** Photos one draft return may hold (PHOTO_QUOTA_DRAFT_COUNT, default 20). */
  draftCount: number;
  /** Their bytes together (PHOTO_QUOTA_DRAFT_MB, default 20 MB). */
  draftBytes: number;
  /** Bytes of the photos of a store's open draft returns together (PHOTO_QUOTA_STORE_MB, default 2048 MB). */
  storeBytes: number;
}

export interface MailConfig {
  /** smtp:// or smtps:// URL of the server that sends the shopper emails (SMTP_URL); null: mails are kept in the outbox. */
  smtpUrl: string | null;
  /** The sender of the shopper emails (MAIL_FROM, e.g. "Demo Outfitters <returns@example.com>"); needed with SMTP_URL. */
  from: string | null;
  /** Delays before each retry of a mail the server refused or could not take (MAIL_RETRY_SCHEDULE, default 30s,2m,10m,1h,6h). */
  retrySchedule: number[];
  /** How long an idle sender that knows of no mail due waits before it looks again (MAIL_POLL_INTERVAL, default 30s). */
  pollIntervalMs: number;
  /** Run the mail sender inside this process (MAIL_SENDER, default true). */
  sender: boolean;
}

export interface WebhookConfig {
  /** Run the delivery dispatcher inside this process (WEBHOOK_DISPATCHER, default true). */
  dispatcher: boolean;
  /** Delays before each retry after the first attempt, in ms (WEBHOOK_RETRY_SCHEDULE). */
  retrySchedule: number[];
  /** The same for kind "loop" (the warehouse platform's: 6 attempts; WEBHOOK_LOOP_RETRY_SCHEDULE, default 30s,1m,2m,4m,8m). */
  warehouseRetrySchedule: number[];
  /** Per-attempt HTTP timeout of kind "loop" (WEBHOOK_LOOP_TIMEOUT, default 10s; never longer than WEBHOOK_TIMEOUT). */
  warehouseTimeoutMs: number;
  /** Per-attempt HTTP timeout (WEBHOOK_TIMEOUT, default 15s). */
  timeoutMs: number;
  /** The longest an idle dispatcher sleeps before it looks for due deliveries (WEBHOOK_POLL_INTERVAL, default 30s): it wakes sooner for a commit here, a NOTIFY on PostgreSQL, or the next retry or lease expiry it knows of. */
  pollIntervalMs: number;
  /** How long a claimed delivery stays leased to one replica; must exceed the timeout (WEBHOOK_LEASE, default timeout + 30s). */
  leaseMs: number;
  /** Deliveries in flight per process (WEBHOOK_CONCURRENCY, default 128). */
  concurrency: number;
  /** Of those, at most this many for one store / one callback origin (WEBHOOK_CONCURRENCY_PER_STORE / _PER_ORIGIN, default a quarter). */
  perStoreConcurrency: number;
  perOriginConcurrency: number;
  /** AES-256-GCM key material for subscriber secrets at rest (WEBHOOK_ENCRYPTION_KEY). */
  encryptionKey: string;
  /** Allow http/private/loopback callback URLs (WEBHOOK_ALLOW_PRIVATE_URLS=true; off by default in every environment). */
  allowPrivateUrls: boolean;
}

/** Everything wrong with the configuration, each problem in plain words (reported all at once). */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration problems:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

/** Collects configuration problems instead of stopping at the first one. */
class Problems {
  readonly list: string[] = [];
  /** Runs a reader; a thrown message becomes a problem and the fallback is used. */
  check<T>(read: () => T, fallback: T): T {
    try {
      return read();
    } catch (err) {
      this.list.push((err as Error).message);
      return fallback;
    }
  }
  /** An integer setting within [min, max]; absent or empty → fallback. */
  int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
    const raw = env[name];
    if (raw === undefined || raw.trim() === "") return fallback;
    if (!/^\s*\d+\s*$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      this.list.push(`${name}=${JSON.stringify(raw)} is not a whole number from ${min} to ${max}.`);
      return fallback;
    }
    return Number(raw);
  }
  /** "true" or "false"; absent or empty → fallback. */
  bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
    const raw = env[name];
    if (raw === undefined || raw.trim() === "") return fallback;
    if (raw !== "true" && raw !== "false") {
      this.list.push(`${name}=${JSON.stringify(raw)} must be true or false.`);
      return fallback;
    }
    return raw === "true";
  }
}

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** "5s", "250ms", "2h" → milliseconds. */
export function parseDuration(text: string, name: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)\s*$/.exec(text);
  if (!m) throw new Error(`${name}: cannot read ${JSON.stringify(text)} as a duration (e.g. 250ms, 5s, 5m, 2h, 1d)`);
  return Math.round(Number(m[1]) * UNITS[m[2]]);
}

export const DEFAULT_RETRY_SCHEDULE = "5s,5m,30m,2h,5h,10h,10h";
/** The warehouse platform's policy: 5 retries (6 attempts), exponential backoff (jittered ±25% when used). */
export const DEFAULT_WAREHOUSE_RETRY_SCHEDULE = "30s,1m,2m,4m,8m";

function durations(env: NodeJS.ProcessEnv, name: string, fallback: string, problems: Problems): number[] {
  return problems.check(
    () =>
      (env[name] ?? fallback)
        .split(",")
        .filter((s) => s.trim() !== "")
        .map((s) => parseDuration(s, name)),
    [],
  );
}

function loadWebhookConfig(env: NodeJS.ProcessEnv, production: boolean, databaseUrl: string, problems: Problems): WebhookConfig {
  const retrySchedule = durations(env, "WEBHOOK_RETRY_SCHEDULE", DEFAULT_RETRY_SCHEDULE, problems);
  const timeoutMs = problems.check(() => parseDuration(env.WEBHOOK_TIMEOUT || "15s", "WEBHOOK_TIMEOUT"), 15_000);
  const leaseMs = problems.check(
    () => (env.WEBHOOK_LEASE ? parseDuration(env.WEBHOOK_LEASE, "WEBHOOK_LEASE") : timeoutMs + 30_000),
    timeoutMs + 30_000,
  );
  if (leaseMs <= timeoutMs) problems.list.push("WEBHOOK_LEASE must be longer than WEBHOOK_TIMEOUT (a lease outlives every attempt).");
  if (production && !env.WEBHOOK_ENCRYPTION_KEY)
    problems.list.push("WEBHOOK_ENCRYPTION_KEY must be set in production (shared by every replica).");
  const concurrency = problems.int(env, "WEBHOOK_CONCURRENCY", 128, 1, 10_000);
  return {
    dispatcher: problems.bool(env, "WEBHOOK_DISPATCHER", true),
    retrySchedule,
    warehouseRetrySchedule: durations(env, "WEBHOOK_LOOP_RETRY_SCHEDULE", DEFAULT_WAREHOUSE_RETRY_SCHEDULE, problems),
    warehouseTimeoutMs: Math.min(
      timeoutMs,
      problems.check(() => parseDuration(env.WEBHOOK_LOOP_TIMEOUT || "10s", "WEBHOOK_LOOP_TIMEOUT"), 10_000),
    ),
    timeoutMs,
    pollIntervalMs: problems.check(() => parseDuration(env.WEBHOOK_POLL_INTERVAL || "30s", "WEBHOOK_POLL_INTERVAL"), 30_000),
    leaseMs,
    concurrency,
    perStoreConcurrency: problems.int(env, "WEBHOOK_CONCURRENCY_PER_STORE", Math.ceil(concurrency / 4), 1, 10_000),
    perOriginConcurrency: problems.int(env, "WEBHOOK_CONCURRENCY_PER_ORIGIN", Math.ceil(concurrency / 4), 1, 10_000),
    encryptionKey: env.WEBHOOK_ENCRYPTION_KEY || createHash("sha256").update(`retour-dev-webhook-key:${databaseUrl}`).digest("hex"),
    allowPrivateUrls: problems.bool(env, "WEBHOOK_ALLOW_PRIVATE_URLS", false),
  };
}

/** Reads the configuration; throws a ConfigError listing every problem found. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems = new Problems();
  const production = env.NODE_ENV === "production";
  const databaseUrl = env.DATABASE_URL || "file:./data/retour.db";
  const engine = problems.check(() => providerOf(databaseUrl), "sqlite");
  const databaseReadUrl = env.DATABASE_READ_URL?.trim() || null;
  if (databaseReadUrl) {
    const readEngine = problems.check(() => providerOf(databaseReadUrl), null);
    if (readEngine && readEngine !== engine)
      problems.list.push(
        "DATABASE_READ_URL must name a replica of DATABASE_URL's database, on the same engine (both postgresql://… or both file:…).",
      );
  }
  const cursorSecret =
    env.CURSOR_SECRET ||
    // Development default: stable per database so restarts keep cursors valid.
    createHash("sha256").update(`retour-dev-cursor:${databaseUrl}`).digest("hex");
  if (production && !env.CURSOR_SECRET) problems.list.push("CURSOR_SECRET must be set in production (shared by every replica).");
  const port = problems.int(env, "PORT", 4000, 0, 65_535);
  const host = env.HOST?.trim() || "0.0.0.0";
  if (isIP(host) === 0 && !isHostname(host))
    problems.list.push(`HOST=${JSON.stringify(env.HOST)} is not an IP address or host name to bind to (e.g. 0.0.0.0, 127.0.0.1, ::).`);
  const publicUrl = problems.check(() => parsePublicUrl(env.PUBLIC_URL), null);
  // Absolute links (the warehouse list's nextPageUrl) must not follow a Host header the client chooses.
  if (production && !env.PUBLIC_URL?.trim())
    problems.list.push(
      "PUBLIC_URL must be set in production (e.g. https://returns.example.com): absolute links are built from it, never from a request's Host.",
    );
  const trustProxy = problems.check(() => parseTrustProxy(env.TRUST_PROXY), DEFAULT_TRUST_PROXY);
  const metricsPort = env.METRICS_PORT?.trim() ? problems.int(env, "METRICS_PORT", 0, 1, 65_535) || null : null;
  if (metricsPort !== null && metricsPort === port) problems.list.push(`METRICS_PORT must differ from PORT (both ${port}).`);
  const demoAsked = problems.bool(env, "RETOUR_DEMO", !production && (!env.NODE_ENV || env.NODE_ENV === "development"));
  if (production && env.RETOUR_DEMO === "true")
    problems.list.push("RETOUR_DEMO=true is refused with NODE_ENV=production: the demo store has a published login and an all-scope key.");
  const config: Config = {
    port,
    host,
    trustProxy,
    publicUrl,
    metrics: { token: env.METRICS_TOKEN || null, port: metricsPort },
    demo: demoAsked && !production,
    databaseUrl,
    databaseReadUrl,
    serviceName: env.SERVICE_NAME || "retour",
    cursorSecret,
    coreUrl: env.CORE_URL || null,
    production,
    sessionTtlMs: problems.int(env, "SESSION_TTL_HOURS", 12, 1, 24 * 365) * 3600_000,
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === "test" ? "silent" : "info"),
    serveFacades: problems.bool(env, "SERVE_FACADES", true),
    rateLimits: {
      graphql: problems.int(env, "RATE_LIMIT_GRAPHQL_PER_MINUTE", 1200, 0, 1_000_000_000),
      rest: problems.int(env, "RATE_LIMIT_REST_PER_MINUTE", 1200, 0, 1_000_000_000),
      // The third-party platform allows 300 requests per minute per key.
      compat: problems.int(env, "RATE_LIMIT_COMPAT_PER_MINUTE", 300, 0, 1_000_000_000),
      // Callers without credentials only log in and read the public schema: a tight limit per address (IPv6 per /64).
      anonymous: problems.int(env, "RATE_LIMIT_ANONYMOUS_PER_MINUTE", 60, 0, 1_000_000_000),
      // A shopper session (the portal's token): per session, and five times that per source (IPv4, IPv6 /64).
      // The portal's busiest step (the items, each added and checked) makes about 20 requests.
      shopper: problems.int(env, "RATE_LIMIT_SHOPPER_PER_MINUTE", 120, 0, 1_000_000_000),
    },
    webhooks: loadWebhookConfig(env, production, databaseUrl, problems),
    idempotencyInFlightMs: problems.int(env, "IDEMPOTENCY_IN_FLIGHT_MS", 65_000, 1, 86_400_000),
    corsOrigins: [...problems.check(() => parseCorsOrigins(env.CORS_ORIGINS), new Set<string>())],
    graphqlIntrospection: problems.bool(env, "GRAPHQL_INTROSPECTION", !production),
    mail: loadMailConfig(env, problems),
    retention: loadRetentionConfig(env, problems),
    photoQuota: {
      draftCount: problems.int(env, "PHOTO_QUOTA_DRAFT_COUNT", 20, 1, 1_000),
      draftBytes: problems.int(env, "PHOTO_QUOTA_DRAFT_MB", 20, 1, 10_000) * MB,
      storeBytes: problems.int(env, "PHOTO_QUOTA_STORE_MB", 2_048, 1, 10_000_000) * MB,
    },
    simulation: {
      chunk: problems.int(env, "SIMULATION_CHUNK", 2_000, 1, 10_000),
      pauseMs: problems.int(env, "SIMULATION_PAUSE_MS", 0, 0, 10_000),
      maxSeconds: problems.int(env, "SIMULATION_MAX_SECONDS", 900, 1, 86_400),
      threads: problems.int(env, "SIMULATION_THREADS", 2, 1, 8),
    },
    shopSync: {
      run: problems.bool(env, "SHOP_SYNC", true),
      intervalMs: problems.int(env, "SHOP_SYNC_INTERVAL_SECONDS", 60, 5, 86_400) * 1000,
    },
    shopPush: {
      run: problems.bool(env, "SHOP_PUSH", true),
      retrySchedule: durations(env, "SHOP_PUSH_RETRY_SCHEDULE", "10s,1m,5m,30m,2h", problems),
      pollIntervalMs: problems.check(() => parseDuration(env.SHOP_PUSH_POLL_INTERVAL || "60s", "SHOP_PUSH_POLL_INTERVAL"), 60_000),
      leaseMs: problems.check(() => parseDuration(env.SHOP_PUSH_LEASE || "2m", "SHOP_PUSH_LEASE"), 120_000),
    },
  };
  if (problems.list.length) throw new ConfigError(problems.list);
  return config;
}

const MB = 1024 * 1024;

function loadRetentionConfig(env: NodeJS.ProcessEnv, problems: Problems): RetentionConfig {
  const intervalMs = problems.check(() => parseDuration(env.RETENTION_SWEEP_INTERVAL || "1h", "RETENTION_SWEEP_INTERVAL"), 3_600_000);
  if (intervalMs < 60_000 || intervalMs > 7 * 86_400_000)
    problems.list.push(`RETENTION_SWEEP_INTERVAL=${JSON.stringify(env.RETENTION_SWEEP_INTERVAL)} must be from 1m to 7d.`);
  return {
    sweep: problems.bool(env, "RETENTION_SWEEP", true),
    intervalMs,
    batch: problems.int(env, "RETENTION_BATCH", 500, 10, 10_000),
    deliveriesDays: problems.int(env, "RETENTION_DELIVERIES_DAYS", 14, 1, 3_650),
    eventsDays: problems.int(env, "RETENTION_EVENTS_DAYS", 30, 1, 3_650),
    draftsDays: problems.int(env, "RETENTION_DRAFTS_DAYS", 14, 1, 3_650),
    sessionsDays: problems.int(env, "RETENTION_SESSIONS_DAYS", 14, 1, 3_650),
    emailsDays: problems.int(env, "RETENTION_EMAILS_DAYS", 30, 1, 3_650),
    simulationsDays: problems.int(env, "RETENTION_SIMULATIONS_DAYS", 30, 1, 3_650),
    shopSyncErrorsDays: problems.int(env, "RETENTION_SHOP_SYNC_ERRORS_DAYS", 30, 1, 3_650),
  };
}

export const DEFAULT_MAIL_RETRY_SCHEDULE = "30s,2m,10m,1h,6h";

function loadMailConfig(env: NodeJS.ProcessEnv, problems: Problems): MailConfig {
  const smtpUrl = problems.check(() => parseSmtpUrl(env.SMTP_URL), null);
  const from = env.MAIL_FROM?.trim() || null;
  if (from && !/^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(from))
    problems.list.push(`MAIL_FROM=${JSON.stringify(from)} must be an address such as returns@example.com or "Shop <returns@example.com>".`);
  if (smtpUrl && !from) problems.list.push("MAIL_FROM must be set with SMTP_URL: it is the sender of the shopper emails.");
  return {
    smtpUrl,
    from,
    retrySchedule: durations(env, "MAIL_RETRY_SCHEDULE", DEFAULT_MAIL_RETRY_SCHEDULE, problems),
    pollIntervalMs: problems.check(() => parseDuration(env.MAIL_POLL_INTERVAL || "30s", "MAIL_POLL_INTERVAL"), 30_000),
    sender: problems.bool(env, "MAIL_SENDER", true),
  };
}

/** SMTP_URL: smtp:// or smtps:// with a host (credentials allowed: they are the server's login). */
export function parseSmtpUrl(text: string | undefined): string | null {
  const s = text?.trim();
  if (!s) return null;
  let url: URL | null = null;
  try {
    url = new URL(s);
  } catch {}
  if (!url || (url.protocol !== "smtp:" && url.protocol !== "smtps:") || !url.hostname)
    throw new Error(
      "SMTP_URL must be an smtp:// or smtps:// URL such as smtps://user:password@mail.example.com:465 (the value is not shown: it may hold a password).",
    );
  return s;
}

/** A syntactically valid DNS host name (labels of letters, digits and hyphens). */
export function isHostname(text: string): boolean {
  return /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/.test(text);
}

/**
 * No peer is trusted to name the client by default: any peer that can reach the service directly
 * could otherwise set X-Forwarded-For and pick the address its login attempts count against.
 * Deployments behind a proxy name it (an address, a CIDR range, loopback, …).
 */
export const DEFAULT_TRUST_PROXY = false;

/** TRUST_PROXY: true, false, a number of hops, or a comma-separated list of addresses, CIDR ranges and loopback/linklocal/uniquelocal. */
export function parseTrustProxy(text: string | undefined): boolean | number | string {
  const s = text?.trim();
  if (!s) return DEFAULT_TRUST_PROXY;
  if (s === "true" || s === "false") return s === "true";
  if (/^\d{1,2}$/.test(s)) return Number(s);
  for (const entry of s.split(",").map((e) => e.trim())) {
    const [address, bits, extra] = entry.split("/");
    const named = ["loopback", "linklocal", "uniquelocal"].includes(entry);
    const family = isIP(address ?? "");
    const bitsOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!named && (family === 0 || !bitsOk || extra !== undefined)) {
      throw new Error(
        `TRUST_PROXY: ${JSON.stringify(entry)} is not an address, a CIDR range (10.0.0.0/8) or one of loopback, linklocal, uniquelocal; true, false or a hop count also work.`,
      );
    }
  }
  return s;
}

/** PUBLIC_URL: an absolute http(s) URL without query or fragment; kept without a trailing slash. */
export function parsePublicUrl(text: string | undefined): string | null {
  const s = text?.trim();
  if (!s) return null;
  let url: URL | null = null;
  try {
    url = new URL(s);
  } catch {}
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:") || url.search || url.hash || url.username || url.password) {
    throw new Error(
      `PUBLIC_URL=${JSON.stringify(s)} must be an absolute http(s) URL such as https://returns.example.com (no query, fragment or credentials).`,
    );
  }
  return url.toString().replace(/\/$/, "");
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
    if (s === "*" || url.origin !== s.replace(/\/$/, ""))
      throw new Error(`CORS_ORIGINS: ${JSON.stringify(s)} must be an exact origin (scheme://host[:port], no path, no wildcard)`);
    out.add(url.origin);
  }
  return out;
}
