// A snapshot of a database's content: per table, the row count and a checksum of every row, so a
// test can assert that a request changed nothing ("never half-written"). Bookkeeping that changes on
// every request by design (rate-limit counters, API client / session last-used times) is left out.
import { createHash } from "node:crypto";
import type { Database } from "../../src/db/client.js";

/** Tables that change on every request by design. */
const SKIPPED_TABLES = new Set(["RateLimitCounter", "_prisma_migrations"]);
/** Columns that change on every authenticated request by design. */
const SKIPPED_COLUMNS: Record<string, string[]> = { ApiClient: ["lastUsedAt"], StaffSession: ["lastUsedAt", "lastSeenAt", "expiresAt"] };

export type DbSnapshot = Record<string, { rows: number; checksum: string }>;

async function tables(db: Database): Promise<string[]> {
  // SQLite: a full-text index (a virtual table and its shadow tables, binary) mirrors a real table that is
  // snapshotted itself (the search's ReturnSearch): left out.
  const rows =
    db.provider === "sqlite"
      ? await db.prisma.$queryRawUnsafe<{ name: string }[]>(
          `SELECT t.name FROM sqlite_master t WHERE t.type = 'table' AND t.name NOT LIKE 'sqlite_%'
             AND NOT EXISTS (SELECT 1 FROM sqlite_master v WHERE v.type = 'table' AND v.sql LIKE 'CREATE VIRTUAL TABLE%'
               AND (t.name = v.name OR substr(t.name, 1, length(v.name) + 1) = v.name || '_'))`,
        )
      : await db.prisma.$queryRawUnsafe<{ name: string }[]>(
          `SELECT table_name::text AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
        );
  return rows
    .map((r) => r.name)
    .filter((n) => !SKIPPED_TABLES.has(n))
    .sort();
}

function normalise(value: unknown): unknown {
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString("base64");
  return value;
}

export async function snapshotDatabase(db: Database): Promise<DbSnapshot> {
  const out: DbSnapshot = {};
  for (const table of await tables(db)) {
    const rows = await db.prisma.$queryRawUnsafe<Record<string, unknown>[]>(`SELECT * FROM "${table}"`);
    const skip = new Set(SKIPPED_COLUMNS[table] ?? []);
    const lines = rows
      .map((row) =>
        JSON.stringify(
          Object.keys(row)
            .filter((k) => !skip.has(k))
            .sort()
            .map((k) => [k, normalise(row[k])]),
        ),
      )
      .sort();
    const hash = createHash("sha256");
    for (const l of lines) hash.update(l).update("\n");
    out[table] = { rows: rows.length, checksum: hash.digest("hex").slice(0, 16) };
  }
  return out;
}
