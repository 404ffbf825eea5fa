// SQLite keeps no statistics unless asked: without them its planner guesses, and a guess that walks a
// store instead of using an index shows only at a real merchant's size. SQLite's recommendation for
// long-lived connections: `PRAGMA optimize=0x10002` on a new connection at start (every table looked
// at, not only those this connection used), then `PRAGMA optimize` every few hours (the retention sweep
// does it, src/retention/sweeper.ts). Each runs ANALYZE only where the statistics are missing or stale,
// with a bounded sample (SQLite ≥ 3.46), so it costs little. PostgreSQL: autovacuum analyses the tables.
import { sqlitePathOf } from "./url.js";
import type { Database } from "./client.js";

/** At start, after the migrations: on a connection of its own, closed at once. */
export async function optimizeAtStart(databaseUrl: string): Promise<void> {
  if (/^postgres/i.test(databaseUrl)) return;
  const file = sqlitePathOf(databaseUrl);
  if (file === ":memory:") return;
  const { default: Sqlite } = await import("better-sqlite3");
  const db = new Sqlite(file);
  try {
    db.pragma("busy_timeout = 5000");
    db.pragma("optimize = 0x10002");
  } finally {
    db.close();
  }
}

/** Now and then, on the service's own connection (SQLite only; nothing on PostgreSQL). */
export async function optimizePeriodically(db: Database): Promise<void> {
  if (db.provider !== "sqlite") return;
  await db.prisma.$executeRawUnsafe("PRAGMA optimize");
}
