// Read statements run on the driver itself, beneath Prisma's query runtime, for the two reads every
// hot request makes: the API client behind a secret and a return's aggregate. Prisma's `$queryRaw`
// costs more than the statement it runs (its query interpreter, argument and result mapping, tracing
// spans, several promises); here the statement is prepared once per SQL text and run with its values.
// Counted in instructions in facades/dashboard/guides/performance.md.
//
// What stays as with Prisma: the SQL and values of a `Prisma.sql` template (`.sql` with `?` for
// SQLite, `.text` with `$n` for PostgreSQL); on SQLite the wait for an open transaction on the one
// connection (src/db/client.ts); Prisma's `query` event, so statement counts still see these reads.
import type { Pool } from "pg";
import type { QueryEvent } from "./client.js";

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
