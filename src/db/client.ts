// Opens the Prisma client for a DATABASE_URL: file:… → SQLite (better-sqlite3 adapter),
// postgres[ql]://… → PostgreSQL (pg adapter with a pool). Only the needed generated client loads.
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { Prisma as SqlitePrisma, PrismaClient as SqlitePrismaClient } from "./generated/sqlite/client.js";
import {
  directOver,
  postgresReader,
  sqliteReader,
  type Direct,
  type DriverAdapter,
  type QueryEvent,
  type ReadRows,
  type SqliteConnection,
} from "./direct.js";
import { type AsideReader, sqliteReadWorker } from "./read-worker.js";
import { statementCache } from "./statement-cache.js";
import { pgConfigOf, providerOf, sqlitePathOf, type Provider, type ThreadConnection } from "./url.js";

export { providerOf, type Provider } from "./url.js";
export { migrate } from "./migrate.js";

/**
 * The canonical client type: the SQLite generated client. The PostgreSQL client is generated from
 * the same models, so it is cast to this type.
 */
export type PrismaClient = SqlitePrismaClient;
/** Prisma namespace of the canonical client (types only: Prisma.StoreCreateInput, …). */
export type { Prisma } from "./generated/sqlite/client.js";
/** Transaction client type passed to `prisma.$transaction(async (tx) => …)`. */
export type TransactionClient = SqlitePrisma.TransactionClient;

/** Prisma's `query` event, which the paths beneath Prisma (direct.ts) report too. */
export type { QueryEvent } from "./direct.js";

export type LogLevel = "info" | "warn" | "error" | "query";

export interface OpenOptions {
  /** Prisma log levels printed to stdout (emit 'stdout'). */
  log?: LogLevel[];
  /** Called for every SQL statement Prisma issues (Prisma's `query` event). */
  onQuery?: (event: QueryEvent) => void;
  /** PostgreSQL pool size; default env PG_POOL_SIZE or 10. */
  poolSize?: number;
  /** A read replica of the database (DATABASE_READ_URL) for `laggingReads`; same engine. */
  readUrl?: string | null;
}

export interface Database {
  prisma: PrismaClient;
  /**
   * For reads that tolerate a replica's lag, and only those: the returns list (which returns, in which order),
   * its status counts, its search, and the overview. A client on DATABASE_READ_URL when set, else `prisma`
   * itself. Never for a write, a read inside a transaction, a read that decides a write, nor a read its caller
   * expects to show what it just wrote (a return by id, its timeline, an idempotent replay): those use `prisma`.
   */
  laggingReads: PrismaClient;
  provider: Provider;
  /** A read statement on the driver itself (src/db/direct.ts): for the hot reads only; everything else goes through `prisma`. */
  readRows: ReadRows;
  /** Statements on Prisma's driver adapter (src/db/direct.ts): the webhook dispatcher's claim and outcomes. */
  direct: Direct;
  /**
   * For one long read-only run (the policy simulation): on SQLite a read-only connection on a worker thread
   * (src/db/read-worker.ts), so its reads overlap the main thread's work; on PostgreSQL `readRows` (the pool's
   * reads are asynchronous already). Closed by the run.
   */
  readAside(): AsideReader;
  /**
   * How a thread opens its own read connection (src/policy/sim-threads.ts): the SQLite file (read-only), or
   * PostgreSQL's settings (the database the pool reads); null for an in-memory SQLite database.
   */
  threadConnection: ThreadConnection | null;
  /** Connection pool counters (SQLite: its one connection). */
  poolStats(): PoolStats;
  /** Rejects when the database cannot take writes now (readiness). */
  probeWrite(): Promise<void>;
  close(): Promise<void>;
}

/** Applied on every SQLite connection. foreign_keys=ON makes onDelete: Restrict/Cascade real. */
export const SQLITE_PRAGMAS = `
PRAGMA journal_mode = WAL;
PRAGMA synchronous = NORMAL;
PRAGMA busy_timeout = 5000;
PRAGMA foreign_keys = ON;
`;

async function loadGenerated(provider: Provider): Promise<{ PrismaClient: new (opts: object) => PrismaClient }> {
  try {
    return (provider === "sqlite"
      ? await import("./generated/sqlite/client.js")
      : await import("./generated/postgres/client.js")) as unknown as { PrismaClient: new (opts: object) => PrismaClient };
  } catch (err) {
    throw new Error(`Cannot load the generated Prisma client for ${provider} (run \`npm run db:generate\`): ${(err as Error).message}`);
  }
}

/** The adapter Prisma connects, and (once connected) what the paths beneath Prisma use (src/db/direct.ts). */
interface Opened {
  adapter: object;
  connected: () => DriverAdapter;
  /** SQLite only: the driver's connection and the transaction gate. */
  connection?: () => SqliteConnection;
  /** PostgreSQL only: the pool Prisma's adapter uses. */
  pool?: import("pg").Pool;
}

function once<T>(what: string, get: () => T | null): () => T {
  return () => {
    const v = get();
    if (!v) throw new Error(`${what}: used before Prisma connected`);
    return v;
  };
}

async function sqliteAdapter(url: string): Promise<Opened> {
  const { PrismaBetterSqlite3 } = await import("@prisma/adapter-better-sqlite3");
  const file = sqlitePathOf(url);
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  let connection: SqliteConnection | null = null;
  let connected: DriverAdapter | null = null;
  class RetourSqlite extends PrismaBetterSqlite3 {
    override async connect() {
      const adapter = await super.connect();
      await adapter.executeScript(SQLITE_PRAGMAS);
      const client = sqliteClientOf(adapter);
      const prepare = client.prepare.bind(client); // the driver's own, before beginImmediate wraps it
      const openTransaction = isolateTransactions(adapter, beginImmediate(adapter));
      connection = { prepare, openTransaction };
      connected = adapter as unknown as DriverAdapter; // with the gate and BEGIN IMMEDIATE in place
      return adapter;
    }
  }
  return {
    adapter: new RetourSqlite({ url: file }),
    connected: once("SQLite adapter", () => connected),
    connection: once("SQLite connection", () => connection),
  };
}

type SqliteAdapter = Awaited<ReturnType<import("@prisma/adapter-better-sqlite3").PrismaBetterSqlite3["connect"]>>;

/**
 * The adapter opens transactions with a deferred `BEGIN`: the write lock is taken at the first write.
 * With several processes on one file (replicas, a CLI next to the server), a transaction that read
 * first and then writes fails at once with SQLITE_BUSY when another process committed meanwhile —
 * busy_timeout cannot help a deferred transaction upgrade. So `takeWriteLock` (called by
 * isolateTransactions before the adapter's startTransaction) runs `BEGIN IMMEDIATE` itself, waiting
 * for the lock and retrying SQLITE_BUSY, and the adapter's own `BEGIN` becomes a no-op. It must not be
 * the adapter that fails: a throwing BEGIN inside its startTransaction never releases its mutex, and
 * every later transaction of the process would hang.
 */
type BetterSqliteClient = { prepare(sql: string): unknown; exec(sql: string): unknown; inTransaction: boolean };
const BEGIN_RETRY_MS = 60_000;

function sqliteClientOf(adapter: SqliteAdapter): BetterSqliteClient {
  const client = (adapter as unknown as { client?: BetterSqliteClient }).client;
  if (!client || typeof client.prepare !== "function")
    throw new Error("SQLite adapter: unexpected shape (no better-sqlite3 client); check the adapter version");
  return client;
}

function beginImmediate(adapter: SqliteAdapter): () => Promise<void> {
  const client = sqliteClientOf(adapter);
  const prepare = client.prepare.bind(client);
  const cached = statementCache(prepare);
  let begun = false;
  client.prepare = (sql: string) => {
    if (sql === "BEGIN" && begun) {
      begun = false;
      return { run: () => ({ changes: 0, lastInsertRowid: 0 }) };
    }
    return cached(sql === "BEGIN" ? "BEGIN IMMEDIATE" : sql);
  };
  return async function takeWriteLock() {
    const deadline = Date.now() + BEGIN_RETRY_MS;
    for (;;) {
      try {
        (prepare("BEGIN IMMEDIATE") as { run(): unknown }).run(); // waits up to busy_timeout
        begun = true;
        return;
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (!code?.startsWith("SQLITE_BUSY") || Date.now() > deadline) throw err;
      }
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20)); // let the event loop breathe
    }
  };
}

/**
 * The better-sqlite3 adapter runs everything on ONE connection: interactive transactions are
 * serialised by a mutex, but a query issued outside the transaction (through `prisma`, not `tx`)
 * while one is open would run inside it — seeing its uncommitted writes, and being rolled back with
 * it. This gate makes such queries wait until the open transaction commits or rolls back.
 * Consequence: awaiting `prisma.*` (instead of `tx.*`) inside `$transaction(async tx => …)` blocks
 * until the transaction times out — on SQLite only; always use `tx` inside a transaction.
 */
function isolateTransactions(adapter: SqliteAdapter, takeWriteLock: () => Promise<void>): () => Promise<void> | null {
  let tail: Promise<void> = Promise.resolve();
  let open: Promise<void> | null = null;
  const startTransaction = adapter.startTransaction.bind(adapter);
  adapter.startTransaction = async (isolationLevel) => {
    let release!: () => void;
    const done = new Promise<void>((r) => (release = r));
    const prev = tail;
    tail = prev.then(() => done);
    await prev;
    open = done; // set before BEGIN runs, so no outside query can slip into the transaction
    const finish = () => {
      if (open === done) open = null;
      release();
    };
    let tx: Awaited<ReturnType<typeof startTransaction>>;
    try {
      await takeWriteLock();
    } catch (err) {
      finish();
      throw err;
    }
    try {
      tx = await startTransaction(isolationLevel);
    } catch (err) {
      try {
        sqliteClientOf(adapter).exec("ROLLBACK");
      } catch {}
      finish();
      throw err;
    }
    const commit = tx.commit.bind(tx);
    const rollback = tx.rollback.bind(tx);
    tx.commit = () => commit().finally(finish);
    tx.rollback = () => rollback().finally(finish);
    return tx;
  };
  for (const method of ["queryRaw", "executeRaw", "executeScript"] as const) {
    const orig = (adapter[method] as (...a: unknown[]) => Promise<unknown>).bind(adapter);
    (adapter as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      while (open) await open;
      return orig(...args);
    };
  }
  return () => open;
}

/** Our own pool (so its counters can be read for metrics), disposed with the Prisma client. */
async function postgresAdapter(url: string, poolSize: number): Promise<Opened> {
  const [{ PrismaPg }, { default: pg }] = await Promise.all([import("@prisma/adapter-pg"), import("pg")]);
  let connected: DriverAdapter | null = null;
  class RetourPg extends PrismaPg {
    override async connect() {
      const adapter = await super.connect();
      connected = adapter as unknown as DriverAdapter;
      return adapter;
    }
  }
  const pool = new pg.Pool({ ...pgConfigOf(url), max: poolSize, application_name: "retour" });
  return { adapter: new RetourPg(pool, { disposeExternalPool: true }), pool, connected: once("PostgreSQL adapter", () => connected) };
}

export interface PoolStats {
  /** Connections open, idle among them, and requests waiting for one. */
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export async function openDatabase(databaseUrl: string, opts: OpenOptions = {}): Promise<Database> {
  const provider = providerOf(databaseUrl);
  const poolSize = opts.poolSize ?? (Number(process.env.PG_POOL_SIZE) || 10);
  const [{ PrismaClient }, opened] = await Promise.all([
    loadGenerated(provider),
    provider === "sqlite" ? sqliteAdapter(databaseUrl) : postgresAdapter(databaseUrl, poolSize),
  ]);
  const { adapter, pool, connection } = opened;
  const log: Array<{ emit: "stdout" | "event"; level: LogLevel }> = (opts.log ?? []).map((level) => ({ emit: "stdout", level }));
  if (opts.onQuery) log.push({ emit: "event", level: "query" });
  // errorFormat "minimal", whatever NODE_ENV says: otherwise Prisma captures a stack (`new Error()`) on every
  // call to point its messages at the caller's line: 3.5 M instructions per created return (issue 38), and
  // `npm start` (no NODE_ENV) would run another client than production. The service maps Prisma's errors
  // by their codes (src/core/db-errors.ts), never by their messages.
  const prisma = new PrismaClient({ adapter, log, errorFormat: "minimal" });
  if (opts.onQuery) {
    const onQuery = opts.onQuery;
    (prisma as unknown as { $on(ev: "query", cb: (e: QueryEvent) => void): void }).$on("query", (e) => onQuery(e));
  }
  await prisma.$connect();
  // The replica's client: its own pool (or SQLite file), the same statement reporting.
  let laggingReads = prisma;
  if (opts.readUrl) {
    try {
      laggingReads = (await openDatabase(opts.readUrl, { ...opts, readUrl: null })).prisma;
    } catch (err) {
      await prisma.$disconnect();
      throw new ReadReplicaError(opts.readUrl, err);
    }
  }
  const readRows = pool ? postgresReader(pool, opts.onQuery) : sqliteReader(connection as () => SqliteConnection, opts.onQuery);
  const direct = directOver(opened.connected, opts.onQuery);
  let closed = false;
  return {
    prisma,
    laggingReads,
    provider,
    readRows,
    direct,
    readAside: () => {
      const file = pool ? ":memory:" : sqlitePathOf(databaseUrl);
      return file === ":memory:" ? { readRows, close: async () => {} } : sqliteReadWorker(file, opts.onQuery);
    },
    threadConnection: pool
      ? { provider: "postgresql", config: pgConfigOf(databaseUrl) }
      : sqlitePathOf(databaseUrl) === ":memory:"
        ? null
        : { provider: "sqlite", file: sqlitePathOf(databaseUrl) },
    poolStats: () =>
      pool
        ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }
        : { total: 1, idle: 0, waiting: 0, max: 1 },
    async probeWrite() {
      // Takes the write path without changing anything: fails on a read-only file or a read-only/cut server.
      await prisma.$executeRawUnsafe('UPDATE "_prisma_migrations" SET "checksum" = "checksum" WHERE 1 = 0');
    },
    async close() {
      if (closed) return;
      closed = true;
      await prisma.$disconnect(); // disposes the adapter: closes the SQLite file / ends the pg pool
      if (laggingReads !== prisma) await laggingReads.$disconnect();
    },
  };
}

/** DATABASE_READ_URL could not be opened (the primary could): `cause` says why. */
export class ReadReplicaError extends Error {
  constructor(
    readonly url: string,
    readonly cause: unknown,
  ) {
    super(`DATABASE_READ_URL: ${(cause as Error)?.message ?? String(cause)}`);
  }
}

/** The Prisma error code (e.g. 'P2002' unique, 'P2003' foreign key, 'P2025' not found) of an error, if any. */
export function prismaErrorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^P\d{4}$/.test(code) ? code : undefined;
}
