// Starts the service: open the database, apply migrations, build the core and the HTTP app, listen.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "pino";
import { loadConfig, type Config } from "../config.js";
import { openDatabase, type Database, type QueryEvent } from "../db/client.js";
import { migrate } from "../db/migrate.js";
import { createCore, type Core } from "../core/index.js";
import { createLogger } from "../core/log.js";
import { createApp } from "./app.js";
import { startDispatcher, type Dispatcher } from "../webhooks/dispatcher.js";

export interface Running {
  url: string;
  port: number;
  config: Config;
  core: Core | null;
  db: Database | null;
  /** The in-process webhook dispatcher (null when WEBHOOK_DISPATCHER=false or facades only). */
  dispatcher: Dispatcher | null;
  log: Logger;
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
}

export async function startService(opts: StartOptions = {}): Promise<Running> {
  const config = opts.config ?? loadConfig();
  const log = opts.log ?? createLogger(config.logLevel);
  let db: Database | null = null;
  let core: Core | null = null;
  if (!opts.facadesOnly) {
    if (!opts.skipMigrate) {
      const { applied } = await migrate(config.databaseUrl);
      if (applied.length) log.info({ applied }, "migrations applied");
    }
    db = await openDatabase(config.databaseUrl, opts.onQuery ? { onQuery: opts.onQuery } : {});
    core = createCore(config, db, log);
  }
  const { app, stop } = await createApp({ config, log, core });
  const server: Server = await new Promise((resolve, reject) => {
    // Express 5 calls back with the error too (e.g. EADDRINUSE): without this check a busy port crashed later, unnamed.
    const s = app.listen(config.port, "0.0.0.0", (err?: Error) => (err ? reject(err) : resolve(s)));
  });
  // Slow or stalled clients cannot hold connections forever.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 20_000;
  server.requestTimeout = 60_000;
  // Requests refused before they reach the app (header or URL too large, malformed HTTP, timeouts)
  // still get a problem+json body instead of Node's empty answer.
  server.on("clientError", (err: NodeJS.ErrnoException & { bytesParsed?: number }, socket) => {
    if (!socket.writable || (err.code === "ECONNRESET")) return void socket.destroy();
    const status = err.code === "HPE_HEADER_OVERFLOW" ? 431 : err.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
    const title = status === 431 ? "Request header fields too large" : status === 408 ? "Request timeout" : "Bad request";
    const detail =
      status === 431 ? "The request line and headers exceed 16 KB; send long values in the body." : status === 408 ? "The request took too long to arrive." : "The request is not valid HTTP.";
    const body = JSON.stringify({ type: `com.${config.serviceName}.api:request/${status === 431 ? "headers-too-large" : status === 408 ? "timeout" : "malformed-http"}`, title, status, detail });
    socket.end(`HTTP/1.1 ${status} ${title}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });
  const port = (server.address() as AddressInfo).port;
  // Webhook deliveries run in the server process unless WEBHOOK_DISPATCHER=false.
  const dispatcher = core && config.webhooks.dispatcher ? startDispatcher(core.services) : null;
  let closing: Promise<void> | null = null;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    config,
    core,
    db,
    dispatcher,
    log,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
          setTimeout(() => server.closeAllConnections(), 5_000).unref();
        });
        await dispatcher?.stop();
        await stop();
        await db?.close();
      })();
      return closing;
    },
  };
}
