// Statements run on Prisma's driver adapter directly, beneath Prisma's client (issue 26). Each
// `$queryRawUnsafe` / `$executeRawUnsafe` costs Prisma's runtime (request building, the query plan's
// interpretation, argument and result mapping, tracing and logging hooks) on top of the statement:
// measured on the dispatcher's claim (SQLite, 200 subjects × 10 events pending, 1 000 runs, load 8),
// 0.54–0.66 ms of CPU per claim through `$queryRawUnsafe` against 0.15–0.29 ms for the same prepared
// statement on the driver. Only the webhook dispatcher's hot statements use this (delivery-sql.ts).
//
// It goes through the adapter object Prisma itself queries, so everything client.ts puts on that
// object holds: on SQLite the transaction gate (isolateTransactions: an outside statement waits while a
// transaction is open on the one connection), BEGIN IMMEDIATE for transactions and the prepared-statement
// cache; on PostgreSQL the same pool. client.ts keeps the adapter to itself (Prisma holds it in private
// fields), so the adapter is recorded when its factory connects: the factories' `connect` is wrapped
// here, once, at load. When a database's adapter was not recorded (its provider's adapter module was
// not wrapped in this process, or Prisma's internals moved), `directOf` answers null and the caller
// goes through Prisma as before. TODO(issue 26): once client.ts offers a driver path on `Database`
// (a read path is being added there), use it and drop the wrapping.
import type { Database } from "./client.js";
import { providerOf } from "./url.js";

type ArgType = { scalarType: "datetime" | "unknown"; arity: "scalar" };
type Query = { sql: string; args: unknown[]; argTypes: ArgType[] };
interface Queryable {
  queryRaw(q: Query): Promise<{ columnNames: string[]; rows: unknown[][] }>;
  executeRaw(q: Query): Promise<number>;
}
interface Transaction extends Queryable {
  commit(): Promise<void>;
  rollback(): Promise<void>;
}
interface Adapter extends Queryable {
  startTransaction(): Promise<Transaction>;
}
type Factory = { prototype: { connect(this: object): Promise<Adapter> } };

/** Connected adapters by the factory that connected them (the factory is the client's `adapter` option). */
const adapters = new WeakMap<object, Adapter>();

function record(factory: Factory): void {
  const connect = factory.prototype.connect;
  if ((connect as { recorded?: boolean }).recorded) return;
  const wrapped = async function (this: object) {
    const adapter = await connect.call(this);
    adapters.set(this, adapter);
    return adapter;
  };
  (wrapped as { recorded?: boolean }).recorded = true;
  factory.prototype.connect = wrapped;
}

// Only the configured provider's adapter module is loaded (client.ts loads it anyway); with no
// DATABASE_URL (tests, benchmarks open databases of either kind) both are.
const configured = (() => {
  try {
    return process.env.DATABASE_URL ? providerOf(process.env.DATABASE_URL) : null;
  } catch {
    return null;
  }
})();
await Promise.all([
  configured !== "postgresql"
    ? import("@prisma/adapter-better-sqlite3").then((m) => record(m.PrismaBetterSqlite3 as unknown as Factory))
    : null,
  configured !== "sqlite" ? import("@prisma/adapter-pg").then((m) => record(m.PrismaPg as unknown as Factory)) : null,
]);

/** Statements run here (benchmarks add them to Prisma's query events to count statements per delivery). */
export const directStats = { statements: 0 };

export interface Direct {
  /** One statement; its rows as objects keyed by column name (values as the driver adapter maps them). */
  query(sql: string, args: unknown[]): Promise<Record<string, unknown>[]>;
  /** Statements in one transaction, in order; the rows changed by each. Rolled back if one fails. */
  transaction(statements: [sql: string, args: unknown[]][]): Promise<number[]>;
}

const queryOf = (sql: string, args: unknown[]): Query => ({
  sql,
  args,
  // Dates are formatted by the adapter as its database stores them (SQLite: ISO text with +00:00).
  argTypes: args.map((a) => ({ scalarType: a instanceof Date ? "datetime" : "unknown", arity: "scalar" })),
});

const directs = new WeakMap<Database, Direct | null>();

/** The driver path of `db`, or null when its adapter was not recorded (then use Prisma). */
export function directOf(db: Database): Direct | null {
  let direct = directs.get(db);
  if (direct !== undefined) return direct;
  const factory = (db.prisma as unknown as { _engine?: { config?: { adapter?: object } } })._engine?.config?.adapter;
  const adapter = factory ? adapters.get(factory) : undefined;
  direct = adapter ? directOver(adapter) : null;
  directs.set(db, direct);
  return direct;
}

function directOver(adapter: Adapter): Direct {
  return {
    async query(sql, args) {
      directStats.statements++;
      const { columnNames, rows } = await adapter.queryRaw(queryOf(sql, args));
      return rows.map((row) => {
        const o: Record<string, unknown> = {};
        for (let i = 0; i < columnNames.length; i++) o[columnNames[i]] = row[i];
        return o;
      });
    },
    async transaction(statements) {
      // As Prisma's transaction manager does: the adapter opens it (BEGIN; on SQLite BEGIN IMMEDIATE
      // behind client.ts's gate), COMMIT or ROLLBACK is a statement, then commit()/rollback() releases
      // the connection (SQLite: the adapter's mutex and the gate).
      const tx = await adapter.startTransaction();
      const changed: number[] = [];
      try {
        for (const [sql, args] of statements) {
          directStats.statements++;
          changed.push(await tx.executeRaw(queryOf(sql, args)));
        }
        directStats.statements++; // COMMIT, counted as Prisma's query events count it
        await tx.executeRaw(queryOf("COMMIT", []));
      } catch (err) {
        await tx.executeRaw(queryOf("ROLLBACK", [])).catch(() => {}); // the statement's error is the one to report
        await tx.rollback();
        throw err;
      }
      await tx.commit();
      return changed;
    },
  };
}
