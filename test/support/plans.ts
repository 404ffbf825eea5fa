// The plan the database makes of a statement the service ran (as Prisma's query event reports it), for the
// scale bench and the plan tests: SQLite's EXPLAIN QUERY PLAN details, PostgreSQL's EXPLAIN lines. The
// parameters are bound as literals, which both engines plan as they plan the values of a custom plan.
import type { QueryEvent } from "../../src/db/client.js";
import type { Provider } from "../../src/db/url.js";

export interface PlanDb {
  provider: Provider;
  query: <T>(sql: string) => Promise<T[]>;
}

function bound(provider: Provider, e: QueryEvent): string {
  return withLiterals(provider, e.query, JSON.parse(e.params || "[]") as unknown[]);
}

/** A statement with its parameters written in as literals (SQLite `?`, PostgreSQL `$n`). */
export function withLiterals(provider: Provider, query: string, params: readonly unknown[]): string {
  const literal = (v: unknown) =>
    v === null ? "NULL" : typeof v === "number" || typeof v === "boolean" ? String(v) : `'${String(v).replaceAll("'", "''")}'`;
  let i = 0;
  return provider === "sqlite"
    ? query.replace(/\?/g, () => literal(params[i++]))
    : query.replace(/\$(\d+)/g, (_m, n: string) => literal(params[Number(n) - 1]));
}

/** The plan's lines (SQLite: one per step; PostgreSQL: the node lines, costs left out). */
export async function planLines(db: PlanDb, e: QueryEvent): Promise<string[]> {
  const sql = bound(db.provider, e);
  if (db.provider === "sqlite") return (await db.query<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)).map((r) => r.detail);
  return (await db.query<{ "QUERY PLAN": string }>(`EXPLAIN ${sql}`)).map((r) =>
    r["QUERY PLAN"]
      .trim()
      .replace(/\s+\(cost=[^)]*\)/, "")
      .replace(/^->\s*/, ""),
  );
}

/** A plan step that reads a whole table (or all of one of its indexes): the shape that grows with the database. */
export function fullScans(provider: Provider, lines: string[], tables: string[]): string[] {
  const names = tables.join("|");
  const scan = provider === "sqlite" ? new RegExp(`^SCAN (main\\.)?"?(${names})"?( |$)`) : new RegExp(`^Seq Scan on "(${names})"`);
  return lines.filter((l) => scan.test(l));
}
