// Test database helpers: a fresh, migrated database per call, on either provider.
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { migrate } from "../../src/db/migrate.js";
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

export async function createTestDatabase(provider: Provider): Promise<TestDatabase> {
  if (provider === "sqlite") {
    const file = join(tmpdir(), `retour_test_${suffix()}.db`);
    const url = `file:${file}`;
    await migrate(url);
    return {
      url,
      provider,
      async drop() {
        for (const ext of ["", "-wal", "-shm", "-journal"]) rmSync(file + ext, { force: true });
      },
    };
  }
  const name = `retour_test_${suffix()}`;
  await withAdmin((c) => c.query(`CREATE DATABASE "${name}"`));
  const admin = new URL(TEST_PG_ADMIN_URL);
  admin.pathname = `/${name}`;
  const url = admin.toString();
  const drop = () => withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined);
  try {
    await migrate(url);
  } catch (err) {
    await drop().catch(() => {});
    throw err;
  }
  return { url, provider, drop };
}
