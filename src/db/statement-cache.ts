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

function cachedView(stmt: Statement): CachedStatement {
  const reader = stmt.reader;
  return {
    run: () => stmt.run(),
    bind: (args) => ({
      reader,
      run: () => stmt.run(...args),
      columns: () => stmt.columns(),
      raw: () => ({ all: () => stmt.raw(true).all(...args) }),
    }),
  };
}
