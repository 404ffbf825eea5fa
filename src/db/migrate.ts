// Runtime migration runner: applies prisma/migrations/{sqlite,postgres}/*/migration.sql without
// spawning the Prisma CLI (fast enough for start-up and for tests that create many databases).
//
// It keeps Prisma's own `_prisma_migrations` table (same columns, checksum = sha256 hex of
// migration.sql, same timestamp formats), so `prisma migrate status` / `migrate deploy` agree with it.
// Each migration runs in one transaction together with its bookkeeping row: a failing migration
// leaves neither schema changes nor a failed row behind (fix it and start again).
// Concurrency: PostgreSQL takes Prisma Migrate's own advisory lock (72707369), so two processes —
// or this runner and `prisma migrate deploy` — never apply at once; SQLite takes the write lock
// (BEGIN IMMEDIATE) per migration and re-checks inside it.
import { createHash, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { pgConfigOf, providerOf, sqlitePathOf, type Provider } from "./url.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const MIGRATIONS_PATH: Record<Provider, string> = {
  sqlite: join(ROOT, "prisma/migrations/sqlite"),
  postgresql: join(ROOT, "prisma/migrations/postgres"),
};

/** Prisma Migrate's advisory lock key on PostgreSQL (schema-engine's postgres flavour). */
const PRISMA_ADVISORY_LOCK = 72707369;

export interface MigrateOptions {
  /** Folder holding `<name>/migration.sql` folders; defaults to the provider's folder in prisma/migrations. */
  migrationsDir?: string;
  /** Called for applied migrations whose migration.sql changed since (Prisma's status would complain too). */
  onWarning?: (message: string) => void;
  /** Earlier checksums of rewritten migrations that count as applied unchanged (default: REWRITTEN of the provider). */
  rewritten?: Record<string, string[]>;
  /** PostgreSQL: how long to wait for another migrator's lock (default 60 s). */
  lockTimeoutMs?: number;
}

/**
 * Migrations rewritten after they shipped to reach the same schema and data faster on a big database, with
 * the checksums they had before: a database that applied the earlier text is up to date, not "modified".
 * - compat_ids: the compat-id backfill counted the earlier returns per return (quadratic); now one
 *   ROW_NUMBER pass, the same ids.
 * - webhook_delivery_format, draft_photos (SQLite): Prisma's diff rebuilt WebhookDelivery and ReturnItem
 *   (every row copied under the write lock; 89 s at 2.25 M items) to add one column; now an ADD COLUMN.
 * The schema after all migrations is the same as before the rewrite (tables, columns, indexes, triggers).
 */
export const REWRITTEN: Record<Provider, Record<string, string[]>> = {
  sqlite: {
    "20261123125616_compat_ids": ["2a8f23350446cb7a4fdb4e03f540a99d67bf83bed4c441b61a36d5ae9ade54c9"],
    "20261124053728_webhook_delivery_format": ["46d57e97af6b0184aa995b8f77d2d945d87076a8f911600631882087b29a4e2d"],
    "20261126163823_draft_photos": ["538a821dc5590d79a564227645ff0642742f033b3c96b74650acd1d3d80d614d"],
  },
  postgresql: {
    "20261123125616_compat_ids": ["44dd2f08df06c95935a36ed14edd22e46f446c73a6eb91fa139aaf6f916c0dd2"],
  },
};

interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

interface Row {
  migration_name: string;
  checksum: string;
  finished_at: unknown;
  rolled_back_at: unknown;
}

export function readMigrations(dir: string): Migration[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const buf = readFileSync(join(dir, name, "migration.sql"));
      return { name, sql: buf.toString("utf8"), checksum: createHash("sha256").update(buf).digest("hex") };
    });
}

/** Names of applied migrations; throws like Prisma (P3009) when a failed migration is recorded. */
function appliedSet(rows: Row[], migrations: Migration[], opts: MigrateOptions): Set<string> {
  const failed = rows.filter((r) => r.finished_at == null && r.rolled_back_at == null);
  if (failed.length > 0) {
    throw new Error(
      `migrate: failed migration(s) recorded in _prisma_migrations: ${failed.map((r) => r.migration_name).join(", ")}. ` +
        "Resolve them (prisma migrate resolve --rolled-back/--applied) before starting.",
    );
  }
  const applied = new Map<string, string>();
  for (const r of rows) if (r.finished_at != null && r.rolled_back_at == null) applied.set(r.migration_name, r.checksum);
  for (const m of migrations) {
    const sum = applied.get(m.name);
    if (sum !== undefined && sum !== m.checksum && !opts.rewritten?.[m.name]?.includes(sum)) {
      opts.onWarning?.(`migrate: migration ${m.name} was modified after it was applied (checksum differs)`);
    }
  }
  return new Set(applied.keys());
}

const SQLITE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    TEXT PRIMARY KEY NOT NULL,
    "checksum"              TEXT NOT NULL,
    "finished_at"           DATETIME,
    "migration_name"        TEXT NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        DATETIME,
    "started_at"            DATETIME NOT NULL DEFAULT current_timestamp,
    "applied_steps_count"   INTEGER UNSIGNED NOT NULL DEFAULT 0
)`;

const PG_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

/** The adapter's (and Prisma's JS schema engine's) SQLite DateTime text format. */
const sqliteNow = () => new Date().toISOString().replace("Z", "+00:00");

async function migrateSqlite(url: string, migrations: Migration[], opts: MigrateOptions): Promise<string[]> {
  const { default: Database } = await import("better-sqlite3");
  const file = sqlitePathOf(url);
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  const applied: string[] = [];
  try {
    db.pragma("busy_timeout = 30000");
    db.pragma("journal_mode = WAL");
    db.exec(SQLITE_TABLE);
    const select = db.prepare('SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"');
    let done = appliedSet(select.all() as Row[], migrations, opts);
    for (const m of migrations) {
      if (done.has(m.name)) continue;
      // Table redefinitions (Prisma writes `PRAGMA foreign_keys=OFF` around them) need foreign keys off,
      // which is a no-op inside a transaction: switch them off around the transaction and run
      // foreign_key_check before committing (SQLite's recipe). Any other migration runs with them on, each
      // row it writes checked as it is written: the whole-database check took 3.5 s a migration at 1 000 000
      // returns (the scale bench's migration times), for migrations that touch no key.
      const redefines = /PRAGMA\s+foreign_keys\s*=\s*OFF/i.test(m.sql);
      db.pragma(`foreign_keys = ${redefines ? "OFF" : "ON"}`);
      db.exec("BEGIN IMMEDIATE");
      try {
        done = appliedSet(select.all() as Row[], migrations, {}); // another process may have won
        if (done.has(m.name)) {
          db.exec("ROLLBACK");
          continue;
        }
        const startedAt = sqliteNow();
        db.exec(m.sql);
        const violations = redefines ? (db.pragma("foreign_key_check") as unknown[]) : [];
        if (violations.length > 0) {
          throw new Error(`foreign key violations after migration: ${JSON.stringify(violations.slice(0, 5))}`);
        }
        db.prepare(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count)
           VALUES (?, ?, ?, ?, NULL, NULL, ?, 1)`,
        ).run(randomUUID(), m.checksum, sqliteNow(), m.name, startedAt);
        db.exec("COMMIT");
        applied.push(m.name);
      } catch (err) {
        if (db.inTransaction) db.exec("ROLLBACK");
        throw wrapError(m.name, err);
      } finally {
        db.pragma("foreign_keys = ON");
      }
    }
  } finally {
    db.close();
  }
  return applied;
}

async function migratePostgres(url: string, migrations: Migration[], opts: MigrateOptions): Promise<string[]> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ ...pgConfigOf(url), connectionTimeoutMillis: 10_000, application_name: "retour-migrate" });
  await client.connect();
  const applied: string[] = [];
  try {
    // pg_try_advisory_lock in a loop so a stuck migrator yields an error instead of a hang.
    const deadline = Date.now() + (opts.lockTimeoutMs ?? 60_000);
    for (;;) {
      const { rows } = await client.query("SELECT pg_try_advisory_lock($1) AS ok", [PRISMA_ADVISORY_LOCK]);
      if (rows[0].ok) break;
      if (Date.now() > deadline) throw new Error("migrate: timed out waiting for the migration advisory lock");
      await new Promise((r) => setTimeout(r, 100));
    }
    try {
      await client.query(PG_TABLE);
      const { rows } = await client.query<Row>('SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"');
      const done = appliedSet(rows, migrations, opts);
      for (const m of migrations) {
        if (done.has(m.name)) continue;
        await client.query("BEGIN");
        try {
          const { rows: started } = await client.query("SELECT clock_timestamp() AS t");
          await client.query(m.sql); // simple query protocol: multi-statement scripts allowed
          await client.query(
            `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count)
             VALUES ($1, $2, clock_timestamp(), $3, NULL, NULL, $4, 1)`,
            [randomUUID(), m.checksum, m.name, started[0].t],
          );
          await client.query("COMMIT");
          applied.push(m.name);
        } catch (err) {
          await client.query("ROLLBACK").catch(() => {});
          throw wrapError(m.name, err);
        }
      }
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [PRISMA_ADVISORY_LOCK]).catch(() => {});
    }
  } finally {
    await client.end();
  }
  return applied;
}

function wrapError(name: string, err: unknown): Error {
  const e = new Error(`migrate: migration ${name} failed and was rolled back: ${err instanceof Error ? err.message : String(err)}`);
  (e as Error & { cause?: unknown }).cause = err;
  return e;
}

/**
 * Applies the pending migrations of the database's provider, in folder-name order.
 * Returns the names applied by this call (empty when the database was up to date).
 */
export async function migrate(databaseUrl: string, opts: MigrateOptions = {}): Promise<{ applied: string[] }> {
  const provider = providerOf(databaseUrl);
  const migrations = readMigrations(opts.migrationsDir ?? MIGRATIONS_PATH[provider]);
  opts = { rewritten: opts.migrationsDir ? {} : REWRITTEN[provider], ...opts };
  const applied =
    provider === "sqlite" ? await migrateSqlite(databaseUrl, migrations, opts) : await migratePostgres(databaseUrl, migrations, opts);
  return { applied };
}
