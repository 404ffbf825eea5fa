// Prisma CLI configuration (loaded by the CLI only, never by the application).
// DATABASE_URL picks the provider: file:… → SQLite (better-sqlite3), postgres[ql]://… → PostgreSQL (pg).
// Schema: prisma/schema.prisma (SQLite, source of truth) or prisma/postgres/schema.prisma (derived).
// Migrations: prisma/migrations/sqlite or prisma/migrations/postgres.
// Remedies for Prisma 6.19's JS schema engine: see shared/reference/stack.md.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { defineConfig } from 'prisma/config';
import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import { CatalogCompatClient } from './src/db/pg-compat.js';
import { DEFAULT_DATABASE_URL, pgConfigOf, providerOf, sqlitePathOf } from './src/db/url.js';

// Remedy 1: the WebAssembly schema engine leaves long timers armed, so the CLI lingers 10–60 s
// after finishing. Timers of ≥ 10 s no longer keep the process alive.
{
  const g = globalThis as unknown as Record<string, unknown> & { __retourTimersPatched?: boolean };
  if (!g.__retourTimersPatched) {
    g.__retourTimersPatched = true;
    for (const name of ['setTimeout', 'setInterval'] as const) {
      const orig = globalThis[name] as unknown as (...a: unknown[]) => { unref?: () => unknown };
      const wrapped = function (this: unknown, fn: unknown, ms?: unknown, ...rest: unknown[]) {
        const t = orig.call(this, fn, ms, ...rest);
        if (typeof ms === 'number' && ms >= 10_000 && typeof t?.unref === 'function') t.unref();
        return t;
      };
      for (const sym of Object.getOwnPropertySymbols(orig)) {
        Object.defineProperty(wrapped, sym, Object.getOwnPropertyDescriptor(orig, sym)!);
      }
      g[name] = wrapped;
    }
  }
}

const url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
const provider = providerOf(url);

type Factory = PrismaBetterSQLite3 | PrismaPg;
type Adapter = Awaited<ReturnType<Factory['connect']>>;
type SqlQuery = Parameters<Adapter['executeRaw']>[0];

function sqliteFactory(): PrismaBetterSQLite3 {
  const file = sqlitePathOf(url);
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const factory = new PrismaBetterSQLite3({ url: file });
  // Remedy 4: migration.sql replayed into the shadow database arrives as one executeRaw, which
  // runs only the first statement; run multi-statement scripts with better-sqlite3's exec().
  const connectToShadowDb = factory.connectToShadowDb.bind(factory);
  factory.connectToShadowDb = async () => {
    const shadow = await connectToShadowDb();
    const executeRaw = shadow.executeRaw.bind(shadow);
    shadow.executeRaw = async (query: SqlQuery) => {
      if (query.args.length === 0 && /;\s*\S/.test(query.sql.trim())) {
        await shadow.executeScript(query.sql);
        return 0;
      }
      return executeRaw(query);
    };
    return shadow;
  };
  return factory;
}

function pgFactory(): PrismaPg {
  // Discrete settings (remedy 3): with a connectionString, pg would ignore `database` below.
  const config = { ...pgConfigOf(url), Client: CatalogCompatClient, max: 2, allowExitOnIdle: true }; // remedy 2: Client
  const factory = new PrismaPg(config);
  // Remedy 3: the adapter drops the shadow database while its own pool is still connected.
  factory.connectToShadowDb = async () => {
    const main = await factory.connect();
    const database = `prisma_migrate_shadow_db_${randomUUID().replace(/-/g, '')}`;
    await main.executeScript(`CREATE DATABASE "${database}"`);
    try {
      const shadow = await new PrismaPg({ ...config, database }).connect();
      const dispose = shadow.dispose.bind(shadow);
      shadow.dispose = async () => {
        try {
          await dispose(); // close the shadow connections first …
        } finally {
          await main.executeScript(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`); // … then drop
          await main.dispose();
        }
      };
      return shadow;
    } catch (err) {
      await main.executeScript(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => {});
      await main.dispose();
      throw err;
    }
  };
  return factory;
}

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: provider === 'sqlite' ? 'prisma/schema.prisma' : 'prisma/postgres/schema.prisma',
  migrations: { path: provider === 'sqlite' ? 'prisma/migrations/sqlite' : 'prisma/migrations/postgres' },
  adapter: async (): Promise<Factory> => (provider === 'sqlite' ? sqliteFactory() : pgFactory()),
});
