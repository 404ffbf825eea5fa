// Statements run beneath Prisma's client, for the hot paths only (issue 26; counted in
// facades/dashboard/guides/performance.md). Prisma's `$queryRaw`/`$executeRaw` cost more than the
// statements they run (the query plan's interpretation, argument and result mapping, tracing spans,
// several promises). Two levels, both reached through `Database` (src/db/client.ts), which opens them:
// - `readRows`, on the driver itself: the two reads every API request makes (the API client behind a
//   secret, a return's aggregate), prepared once per SQL text.
// - `Direct` (`db.direct`), on Prisma's connected driver adapter: the webhook dispatcher's claim and its
//   outcome transaction. Measured on the claim (SQLite, 200 subjects × 10 events pending, 1 000 runs,
//   load 8): 0.54–0.66 ms of CPU through `$queryRawUnsafe` against 0.15–0.29 ms here.
// Both report each statement as Prisma's `query` event does, so statement counts see them.
// What stays as with Prisma: on SQLite the gate of client.ts (an outside statement waits while a
// transaction is open on the one connection) and BEGIN IMMEDIATE for transactions; on PostgreSQL the
// same pool.
import type { Pool } from "pg";

/** One statement as Prisma's `query` event reports it (re-exported by client.ts). */
export interface QueryEvent {
  query: string;
  params: string;
  duration: number;
  target: string;
  timestamp: Date;
}

/** A `Prisma.sql` template's parts. */
export interface SqlText {
  sql: string;
  text: string;
  values: unknown[];
}

/** Rows of a read statement as objects keyed by column name, values as the driver gives them. */
export type ReadRows = <T>(query: SqlText) => Promise<T[]>;

/** SQL texts are the code's own (a list's length varies them); the bound keeps a pathological caller from growing it. */
const PREPARED_KEPT = 200;

type SqliteStatement = { all(...values: unknown[]): unknown[] };

/** The SQLite connection as src/db/client.ts opens it for Prisma. */
export interface SqliteConnection {
  /** The driver's own prepare. */
  prepare(sql: string): unknown;
  /** The open transaction's end, or null when none is open. */
  openTransaction(): Promise<void> | null;
}

/**
 * On the better-sqlite3 connection Prisma's adapter uses. It waits while a transaction is open, as
 * Prisma's own outside queries wait (a read must not see, or be rolled back with, another
 * request's uncommitted writes). Statements are this module's own: the adapter's cached ones are
 * switched to raw (array) rows.
 */
export function sqliteReader(connection: () => SqliteConnection, onQuery?: (e: QueryEvent) => void): ReadRows {
  const prepared = new Map<string, SqliteStatement>();
  let current: SqliteConnection | null = null;
  return async <T>(q: SqlText) => {
    let c = connection();
    for (let wait = c.openTransaction(); wait; wait = c.openTransaction()) {
      await wait;
      c = connection();
    }
    if (c !== current) {
      prepared.clear(); // statements belong to the connection Prisma (re)opened
      current = c;
    }
    let stmt = prepared.get(q.sql);
    if (!stmt) {
      if (prepared.size >= PREPARED_KEPT) prepared.clear();
      stmt = c.prepare(q.sql) as SqliteStatement;
      prepared.set(q.sql, stmt);
    }
    const started = onQuery ? performance.now() : 0;
    const rows = stmt.all(...q.values.map(sqliteValue)) as T[];
    if (onQuery) report(onQuery, q.sql, q.values, started);
    return rows;
  };
}

/** better-sqlite3 binds strings, numbers, bigints, buffers and null; a boolean as Prisma stores it. */
function sqliteValue(v: unknown): unknown {
  if (typeof v === "boolean") return v ? 1 : 0;
  if (v === undefined) return null;
  if (v instanceof Date || (typeof v === "object" && v !== null && !Buffer.isBuffer(v)))
    throw new TypeError("readRows binds strings, numbers and null on SQLite: convert the value first");
  return v;
}

/**
 * On Prisma's own pg pool, as named statements: PostgreSQL parses and plans each once per connection.
 * Column types are pg's defaults (timestamps without a zone are read in the process's zone: select
 * them `AT TIME ZONE 'UTC'` or as text).
 */
export function postgresReader(pool: Pool, onQuery?: (e: QueryEvent) => void): ReadRows {
  const names = new Map<string, string>();
  let next = 0;
  return async <T>(q: SqlText) => {
    let name = names.get(q.text);
    if (!name && names.size < PREPARED_KEPT) names.set(q.text, (name = `retour_read_${++next}`));
    const started = onQuery ? performance.now() : 0;
    // Past the bound a text runs unnamed: each connection keeps what it prepared, so names must not grow.
    const res = await pool.query(name ? { name, text: q.text, values: q.values } : { text: q.text, values: q.values });
    if (onQuery) report(onQuery, q.text, q.values, started);
    return res.rows as T[];
  };
}

function report(onQuery: (e: QueryEvent) => void, query: string, values: unknown[], started: number): void {
  onQuery({ query, params: JSON.stringify(values), duration: performance.now() - started, target: "direct", timestamp: new Date() });
}

// ─── On the driver adapter ───────────────────────────────────────────────────

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
export interface DriverAdapter extends Queryable {
  startTransaction(): Promise<Transaction>;
}
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

/** Statements on Prisma's connected driver adapter (`connected()`: the adapter Prisma's `$connect` opened). */
export function directOver(connected: () => DriverAdapter, onQuery?: (e: QueryEvent) => void): Direct {
  const run = async <T>(sql: string, args: unknown[], exec: (q: Query) => Promise<T>): Promise<T> => {
    const started = onQuery ? performance.now() : 0;
    const result = await exec(queryOf(sql, args));
    if (onQuery) report(onQuery, sql, args, started);
    return result;
  };
  return {
    async query(sql, args) {
      const { columnNames, rows } = await run(sql, args, (q) => connected().queryRaw(q));
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
      const tx = await connected().startTransaction();
      const changed: number[] = [];
      try {
        for (const [sql, args] of statements) changed.push(await run(sql, args, (q) => tx.executeRaw(q)));
        await run("COMMIT", [], (q) => tx.executeRaw(q)); // reported, as Prisma's query events report it
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
