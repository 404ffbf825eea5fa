// Prepared statements kept across queries on the SQLite connection. The better-sqlite3 adapter
// prepares every query anew (`client.prepare(sql).bind(args)`), so SQLite parses and plans the same
// SQL on every request: ~8% of a webhook drain's CPU profile was `Statement` (prepare) alone. Prisma
// issues a small, fixed set of SQL texts per query shape, so a bounded LRU of prepared statements
// serves nearly every query; an `IN (…)` list of another length is another text, hence the bound
// (nothing a client sends becomes a key without one).
//
// A cached statement cannot be `bind()`-ed twice (better-sqlite3 binds permanently), so the adapter
// gets a view whose `bind(args)` passes the arguments at each call instead. Statements run to
// completion synchronously (`run`, `all`; never `iterate`), so one statement is never used by two
// queries at once.
type Statement = {
  reader: boolean;
  run(...args: unknown[]): unknown;
  all(...args: unknown[]): unknown[];
  columns(): unknown[];
  raw(on?: boolean): Statement;
};

/** At most this many statements stay prepared; the least recently used is finalised past it. */
export const STATEMENT_CACHE_SIZE = 500;

export interface BoundView {
  reader: boolean;
  run(): unknown;
  columns(): unknown[];
  raw(): { all(): unknown[] };
}

export interface CachedStatement {
  run(): unknown;
  bind(args: unknown[]): BoundView;
}

export function statementCache(prepare: (sql: string) => unknown, size = STATEMENT_CACHE_SIZE): (sql: string) => CachedStatement {
  const cache = new Map<string, CachedStatement>();
  return (sql) => {
    const hit = cache.get(sql);
    if (hit) {
      cache.delete(sql); // most recently used goes last
      cache.set(sql, hit);
      return hit;
    }
    const stmt = prepare(sql) as Statement;
    const view = cachedView(stmt);
    cache.set(sql, view);
    if (cache.size > size) cache.delete(cache.keys().next().value as string);
    return view;
  };
}

// A statement's columns are fixed once it is prepared (its result's names and declared types), and the
// adapter asks for them on every read: better-sqlite3 builds the list anew each time (3.0 M instructions
// per created return, issue 38), so it is read once per prepared statement. A statement prepared before
// a schema change is not kept past it: migrations run before the service prepares anything.
function cachedView(stmt: Statement): CachedStatement {
  const reader = stmt.reader;
  let columns: unknown[] | undefined;
  return {
    run: () => stmt.run(),
    bind: (args) => ({
      reader,
      run: () => stmt.run(...args),
      columns: () => (columns ??= stmt.columns()),
      raw: () => ({ all: () => stmt.raw(true).all(...args) }),
    }),
  };
}
