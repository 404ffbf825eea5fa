// Statements prepared once and reused on the SQLite connection. Prisma's better-sqlite3 adapter calls
// `client.prepare(sql).bind(args)` for every query, so SQLite parses and plans the same SQL again on
// every request; better-sqlite3 allows `bind` only once per statement, so the cache hands out a view
// that passes the arguments per call instead. The SQL texts come from Prisma's query shapes (and an
// `IN (?, …)` per list length), so the cache is bounded (least recently used first out).
export const STATEMENT_CACHE_SIZE = 500;

interface Statement {
  readonly reader: boolean;
  columns(): unknown[];
  run(...args: unknown[]): unknown;
  all(...args: unknown[]): unknown[];
  raw(on?: boolean): Statement;
}

/** The part of the statement API the adapter uses: `reader`, `columns()`, `run()`, `bind(args).run()`, `bind(args).raw().all()`. */
function reusable(stmt: Statement) {
  return {
    reader: stmt.reader,
    columns: () => stmt.columns(),
    run: (...args: unknown[]) => stmt.run(...args),
    bind: (args: unknown[]) => ({
      reader: stmt.reader,
      columns: () => stmt.columns(),
      run: () => stmt.run(args),
      raw: () => ({ all: () => stmt.raw(true).all(args) }),
    }),
  };
}

/** Replaces `client.prepare` with a cached one; returns how many statements it holds (for tests). */
export function cacheStatements(client: { prepare(sql: string): unknown }, size = STATEMENT_CACHE_SIZE): () => number {
  const prepare = client.prepare.bind(client) as (sql: string) => Statement;
  const cache = new Map<string, Statement>();
  client.prepare = (sql: string) => {
    let stmt = cache.get(sql);
    if (stmt) {
      cache.delete(sql); // to the end: most recently used
    } else {
      stmt = prepare(sql);
      if (cache.size >= size) cache.delete(cache.keys().next().value as string);
    }
    cache.set(sql, stmt);
    return reusable(stmt);
  };
  return () => cache.size;
}
