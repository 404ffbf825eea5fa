// Test database helpers: a fresh, migrated database per call, on either provider.
// The suites create hundreds of databases, so the migrations run once, into a template keyed by a hash
// of them, copied per database: SQLite 83 → 4 ms a database, PostgreSQL 1.9 s → 0.44 s (wall-clock,
// 10 databases each, load average 3.7–6.2).
import { createHash, randomBytes } from "node:crypto";
import { copyFileSync, existsSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { MIGRATIONS_PATH, migrate, readMigrations } from "../../src/db/migrate.js";
import { pgConfigOf, type Provider } from "../../src/db/url.js";

/** Maintenance database used to create/drop test databases. */
export const TEST_PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

export interface TestDatabase {
  url: string;
  provider: Provider;
  /** Deletes the database (PostgreSQL: DROP DATABASE … WITH (FORCE), so open pools do not block it). */
  drop(): Promise<void>;
}

function adminConfig(timeoutMs = 5_000): pg.ClientConfig {
  return { ...pgConfigOf(TEST_PG_ADMIN_URL), connectionTimeoutMillis: timeoutMs };
}

async function withAdmin<T>(fn: (c: pg.Client) => Promise<T>, timeoutMs?: number): Promise<T> {
  const client = new pg.Client(adminConfig(timeoutMs));
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

let available: Promise<boolean> | undefined;

/** Whether PostgreSQL answers at TEST_PG_ADMIN_URL within about a second (cached per process). */
export function postgresAvailable(): Promise<boolean> {
  available ??= withAdmin((c) => c.query("SELECT 1"), 1_000).then(
    () => true,
    () => false,
  );
  return available;
}

const suffix = () => `${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;

/** Short hash of the provider's migrations (names and contents): a changed migration gets a new template. */
function migrationsHash(provider: Provider): string {
  const h = createHash("sha256");
  for (const m of readMigrations(MIGRATIONS_PATH[provider])) h.update(`${m.name}\0${m.checksum}\n`);
  return h.digest("hex").slice(0, 16);
}

const removeSqlite = (file: string) => {
  for (const ext of ["", "-wal", "-shm", "-journal"]) rmSync(file + ext, { force: true });
};

let sqliteTemplate: Promise<string> | undefined;

/** The migrated SQLite template file; built under a private name and renamed, so no process copies a half-built one. */
function sqliteTemplateFile(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const file = join(tmpdir(), `retour_test_template_${migrationsHash("sqlite")}.db`);
    if (existsSync(file)) return file;
    const building = join(tmpdir(), `retour_test_tbuild_${suffix()}.db`);
    try {
      await migrate(`file:${building}`); // closes the file: the WAL is checkpointed into it
      renameSync(building, file); // atomic; a concurrent builder's identical file may be replaced
    } finally {
      removeSqlite(building);
    }
    return file;
  })();
  sqliteTemplate.catch(() => {
    sqliteTemplate = undefined;
  });
  return sqliteTemplate;
}

const PG_IN_USE = "55006"; // object_in_use: "source database … is being accessed by other users"
const PG_DUPLICATE_DATABASE = "42P04";
const pgCode = (err: unknown) => (err as { code?: string }).code;

/** Runs an admin statement, retrying briefly while another session is still connected to the database it names. */
async function adminRetrying(sql: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await withAdmin((c) => c.query(sql));
      return;
    } catch (err) {
      if (pgCode(err) !== PG_IN_USE || attempt >= 50) throw err;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
    }
  }
}

let pgTemplate: Promise<string> | undefined;

/**
 * The migrated PostgreSQL template database. Built under a private name and renamed when complete, so
 * concurrent workers (or runs) never copy a half-built one; when two build it at once, the loser drops
 * its own. Nothing keeps a connection to it: PostgreSQL refuses TEMPLATE while one is open.
 */
function postgresTemplate(): Promise<string> {
  pgTemplate ??= (async () => {
    const name = `retour_test_template_${migrationsHash("postgresql")}`;
    const exists = await withAdmin((c) => c.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]));
    if (exists.rowCount) return name;
    const building = `retour_test_tbuild_${suffix()}`;
    await withAdmin((c) => c.query(`CREATE DATABASE "${building}"`));
    try {
      await migrate(urlOf(building));
      await adminRetrying(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
    } catch (err) {
      await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`)).catch(() => {});
      if (pgCode(err) !== PG_DUPLICATE_DATABASE) throw err; // else another worker finished first: use theirs
    }
    return name;
  })();
  pgTemplate.catch(() => {
    pgTemplate = undefined;
  });
  return pgTemplate;
}

function urlOf(database: string): string {
  const url = new URL(TEST_PG_ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A fresh database, migrated unless `migrated` is false (then empty: for tests of the migrations themselves). */
export async function createTestDatabase(provider: Provider, { migrated = true } = {}): Promise<TestDatabase> {
  if (provider === "sqlite") {
    const file = join(tmpdir(), `retour_test_${suffix()}.db`);
    if (migrated) copyFileSync(await sqliteTemplateFile(), file);
    return { url: `file:${file}`, provider, drop: async () => removeSqlite(file) };
  }
  const name = `retour_test_${suffix()}`;
  await adminRetrying(migrated ? `CREATE DATABASE "${name}" TEMPLATE "${await postgresTemplate()}"` : `CREATE DATABASE "${name}"`);
  const drop = () => withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined);
  return { url: urlOf(name), provider, drop };
}

/**
 * A copy of `db` as it is now, as a read replica that stopped replaying would be (DATABASE_READ_URL tests).
 * Nothing may be connected to `db` meanwhile (SQLite: a closed file holds everything; PostgreSQL copies by TEMPLATE).
 */
export async function snapshotTestDatabase(db: TestDatabase): Promise<TestDatabase> {
  if (db.provider === "sqlite") {
    const file = join(tmpdir(), `retour_test_${suffix()}.db`);
    copyFileSync(db.url.replace(/^file:/, ""), file);
    return { url: `file:${file}`, provider: db.provider, drop: async () => removeSqlite(file) };
  }
  const name = `retour_test_${suffix()}`;
  await adminRetrying(`CREATE DATABASE "${name}" TEMPLATE "${new URL(db.url).pathname.slice(1)}"`);
  const drop = () => withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined);
  return { url: urlOf(name), provider: db.provider, drop };
}
