// Starts the service: open the database, apply migrations, build the core and the HTTP app, listen.
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "pino";
import { ConfigError, loadConfig, type Config } from "../src/config.js";
import { pgConfigOf, sqlitePathOf } from "../src/db/url.js";
import { Metrics, metricsHandler } from "../src/core/metrics.js";
import { openDatabase, ReadReplicaError, type Database, type QueryEvent } from "../src/db/client.js";
import { migrate } from "../src/db/migrate.js";
import { createCore, type Core } from "../src/core/index.js";
import { DOMAINS } from "../src/domains.js";
import { createLogger } from "../src/core/log.js";
import { createApp, type Readiness } from "./app.js";
import { startDispatcher, type Dispatcher } from "../src/webhooks/dispatcher.js";
import { deliveryNotices } from "../src/webhooks/listen.js";
import { startEmailSender, type EmailSender } from "../src/email/sender.js";
import { stopRuns } from "../src/policy/simulation-jobs.js";
import { startRetentionSweeper, type RetentionSweeper } from "../src/retention/sweeper.js";
import { startShopSync, type ShopSync } from "../src/shops/sync.js";
import { startShopPusher } from "../src/shops/outcomes.js";
import type { DueLoop } from "../src/core/due-loop.js";
import { optimizeAtStart } from "../src/db/optimize.js";

export interface Running {
  url: string;
  port: number;
  config: Config;
  core: Core | null;
  db: Database | null;
  /** The in-process webhook dispatcher (null when WEBHOOK_DISPATCHER=false or facades only). */
  dispatcher: Dispatcher | null;
  /** The in-process shopper email sender (null when MAIL_SENDER=false or facades only). */
  emailSender: EmailSender | null;
  /** The in-process retention sweep (null when RETENTION_SWEEP=false or facades only). */
  retention: RetentionSweeper | null;
  /** The in-process order sync of the connected shops (null when SHOP_SYNC=false or facades only). */
  shopSync: ShopSync | null;
  shopPusher: DueLoop | null;
  log: Logger;
  metrics: Metrics;
  /** Marks start-up finished when started with deferReady (after the caller's own start-up work). */
  markReady(): void;
  close(): Promise<void>;
}

export interface StartOptions {
  config?: Config;
  log?: Logger;
  /** Skip migrations (the caller already applied them). */
  skipMigrate?: boolean;
  /** Serve only the facades, against config.coreUrl (no database in this process). */
  facadesOnly?: boolean;
  /** Called for every SQL statement (tests count statements with it). */
  onQuery?: (event: QueryEvent) => void;
  /** Keep /readyz at 503 until markReady() (the caller has start-up work of its own). */
  deferReady?: boolean;
}

/** Migrations applied and the database opened; failures explained in plain words. */
async function openStorage(config: Config, log: Logger, opts: StartOptions): Promise<Database> {
  try {
    if (!opts.skipMigrate) {
      const { applied } = await migrate(config.databaseUrl);
      if (applied.length) log.info({ applied }, "migrations applied");
    }
    // SQLite's statistics, refreshed where stale (src/db/optimize.ts); PostgreSQL's autovacuum does its own.
    await optimizeAtStart(config.databaseUrl);
    return await openDatabase(config.databaseUrl, { readUrl: config.databaseReadUrl, ...(opts.onQuery ? { onQuery: opts.onQuery } : {}) });
  } catch (err) {
    if (err instanceof ReadReplicaError) throw new Error(`DATABASE_READ_URL: ${describeDatabaseError(err.cause, err.url)}`);
    throw new Error(describeDatabaseError(err, config.databaseUrl));
  }
}

function listen(server: Server, port: number, host: string, setting: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", (err: NodeJS.ErrnoException) => reject(new Error(describeListenError(err, setting, port, host))));
    server.listen(port, host, () => resolve());
  });
}

function describeListenError(err: NodeJS.ErrnoException, setting: string, port: number, host: string): string {
  switch (err.code) {
    case "EADDRINUSE":
      return `${setting}=${port}: the port is already in use on ${host}; stop what listens there or choose another ${setting}.`;
    case "EACCES":
      return `${setting}=${port}: not allowed to listen on ${host}:${port} (ports below 1024 need privileges); choose a port of 1024 or more.`;
    case "EADDRNOTAVAIL":
    case "ENOTFOUND":
      return `HOST=${host}: no network interface of this machine has that address; use 0.0.0.0 (every interface), 127.0.0.1 or one of its addresses.`;
    default:
      return `${setting}=${port}: cannot listen on ${host}:${port}: ${err.message}`;
  }
}

/** Turns a failure to reach or migrate the database into one sentence an operator can act on. */
export function describeDatabaseError(err: unknown, databaseUrl: string): string {
  const e = err as { code?: string; message?: string };
  let where = "the database";
  let name = "";
  if (/^postgres/i.test(databaseUrl)) {
    const pg = pgConfigOf(databaseUrl);
    where = `PostgreSQL at ${pg.host}:${pg.port}`;
    name = String(pg.database);
  } else {
    where = `the SQLite file ${sqlitePathOf(databaseUrl)}`;
  }
  switch (e?.code) {
    case "ECONNREFUSED":
      return `DATABASE_URL: ${where} refused the connection; is PostgreSQL running and listening there?`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `DATABASE_URL: the host of ${where} cannot be resolved; check the host name.`;
    case "ETIMEDOUT":
      return `DATABASE_URL: ${where} did not answer in time; check the address and any firewall.`;
    case "3D000":
      return `DATABASE_URL: database "${name}" does not exist on ${where}; create it first (e.g. createdb "${name}") and start again.`;
    case "28P01":
    case "28000":
      return `DATABASE_URL: ${where} refused the user name or password.`;
    case "SQLITE_CANTOPEN":
      return `DATABASE_URL: cannot open ${where}; check that its folder exists and is writable.`;
    default:
      return `DATABASE_URL: cannot open or migrate ${where}: ${(e?.message ?? String(err)).split("\n")[0]}`;
  }
}

/** The answer while starting: alive, not ready. */
function startingHandler(serviceName: string): RequestListener {
  return (req, res) => {
    const alive = req.url === "/healthz";
    const body = alive
      ? JSON.stringify({ status: "ok" })
      : req.url === "/readyz"
        ? JSON.stringify({ status: "starting" })
        : JSON.stringify({
            type: `com.${serviceName}.api:service/starting`,
            title: "Service unavailable",
            status: 503,
            detail: "The service is starting; retry shortly.",
          });
    res.writeHead(alive ? 200 : 503, {
      "content-type": alive || req.url === "/readyz" ? "application/json" : "application/problem+json",
      ...(alive ? {} : { "retry-after": "1" }),
    });
    res.end(body);
  };
}

/** A host for a URL: IPv6 in brackets, the wildcard address as loopback. */
function urlHost(host: string): string {
  if (host === "0.0.0.0") return "127.0.0.1";
  if (host === "::") return "[::1]";
  return host.includes(":") ? `[${host}]` : host;
}

export async function startService(opts: StartOptions = {}): Promise<Running> {
  const config = opts.config ?? loadConfig();
  const log = opts.log ?? createLogger(config.logLevel);
  // Listen at once (so a port in use is found while the database opens); until start-up has finished
  // every request but /healthz is answered 503 and /readyz says not ready.
  const readiness: Readiness = { ready: false };
  let handler: RequestListener = startingHandler(config.serviceName);
  const server: Server = createServer((req, res) => handler(req, res));
  const metrics = new Metrics();
  const metricsServer = config.metrics.port ? createServer(metricsHandler(metrics, null)) : null;
  const [listened, opened, metricsListened] = await Promise.allSettled([
    listen(server, config.port, config.host, "PORT"),
    opts.facadesOnly ? Promise.resolve(null) : openStorage(config, log, opts),
    metricsServer ? listen(metricsServer, config.metrics.port!, config.host, "METRICS_PORT") : Promise.resolve(),
  ]);
  const problems = [listened, opened, metricsListened].flatMap((r) => (r.status === "rejected" ? [(r.reason as Error).message] : []));
  if (problems.length) {
    server.close();
    metricsServer?.close();
    if (opened.status === "fulfilled") await opened.value?.close();
    throw new ConfigError(problems);
  }
  const db = opened.status === "fulfilled" ? opened.value : null;
  const core: Core | null = db ? createCore(config, db, log, DOMAINS, metrics) : null;
  const { app, stop } = await createApp({ config, log, core, readiness, metrics });
  handler = app;
  // Slow or stalled clients cannot hold connections forever.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 20_000;
  server.requestTimeout = 60_000;
  // Requests refused before they reach the app (header or URL too large, malformed HTTP, timeouts)
  // still get a problem+json body instead of Node's empty answer.
  server.on("clientError", (err: NodeJS.ErrnoException & { bytesParsed?: number }, socket) => {
    if (!socket.writable || err.code === "ECONNRESET") return void socket.destroy();
    const status = err.code === "HPE_HEADER_OVERFLOW" ? 431 : err.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
    const title = status === 431 ? "Request header fields too large" : status === 408 ? "Request timeout" : "Bad request";
    const detail =
      status === 431
        ? "The request line and headers exceed 16 KB; send long values in the body."
        : status === 408
          ? "The request took too long to arrive."
          : "The request is not valid HTTP.";
    const body = JSON.stringify({
      type: `com.${config.serviceName}.api:request/${status === 431 ? "headers-too-large" : status === 408 ? "timeout" : "malformed-http"}`,
      title,
      status,
      detail,
    });
    socket.end(
      `HTTP/1.1 ${status} ${title}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  const port = (server.address() as AddressInfo).port;
  // Webhook deliveries run in the server process unless WEBHOOK_DISPATCHER=false.
  const dispatcher = core && config.webhooks.dispatcher ? startDispatcher(core.services) : null;
  // PostgreSQL: every process that records events tells the dispatchers of every replica (src/webhooks/listen.ts).
  const stopNotices = core ? deliveryNotices(core.services) : null;
  const emailSender = core && config.mail.sender ? startEmailSender(core.services, `http://localhost:${port}`) : null;
  // Deletes what is past its retention (src/retention), every RETENTION_SWEEP_INTERVAL unless RETENTION_SWEEP=false.
  const retention = core && config.retention.sweep ? startRetentionSweeper(core.services) : null;
  // Polls the connected shops for changed orders (src/shops/sync.ts), every SHOP_SYNC_INTERVAL_SECONDS unless SHOP_SYNC=false.
  const shopSync = core && config.shopSync.run ? startShopSync(core.services) : null;
  // Sends returns' refunds to the connected shops (src/shops/outcomes.ts) unless SHOP_PUSH=false.
  const shopPusher = core && config.shopPush.run ? startShopPusher(core.services) : null;
  if (core) metrics.watchStorage(core.services.db, config.webhooks.dispatcher);
  if (!opts.deferReady) readiness.ready = true;
  if (!config.metrics.token && !config.metrics.port)
    log.info("metrics off: set METRICS_TOKEN (bearer on /metrics) or METRICS_PORT (a separate port) to serve /metrics");
  let closing: Promise<void> | null = null;
  return {
    url: `http://${urlHost(config.host)}:${port}`,
    port,
    config,
    core,
    db,
    dispatcher,
    emailSender,
    retention,
    shopSync,
    shopPusher,
    log,
    metrics,
    markReady() {
      if (!closing) readiness.ready = true;
    },
    close() {
      closing ??= (async () => {
        // Stop taking requests (load balancers see /readyz fail), finish the ones in flight.
        readiness.ready = false;
        metricsServer?.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
          setTimeout(() => server.closeAllConnections(), 5_000).unref();
        });
        await dispatcher?.stop();
        await stopNotices?.();
        await emailSender?.stop();
        await retention?.stop();
        await shopSync?.stop();
        await shopPusher?.stop();
        if (core) await stopRuns(core.services); // each policy simulation run ends after its chunk, its place given up
        await stop();
        await db?.close();
      })();
      return closing;
    },
  };
}
