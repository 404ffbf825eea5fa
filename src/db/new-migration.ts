// `npm run db:new-migration -- <name> [--replace-init]`
//
// Creates one migration for BOTH providers from the current prisma/schema.prisma:
//   prisma/migrations/sqlite/<YYYYMMDDHHMMSS>_<name>/migration.sql
//   prisma/migrations/postgres/<YYYYMMDDHHMMSS>_<name>/migration.sql
// (same folder name in both), plus migration_lock.toml in each migrations folder.
// The SQL is `prisma migrate diff --from-migrations <folder> --to-schema-datamodel <schema> --script`
// (or --from-empty when the folder has no migration yet). The PostgreSQL diff replays the existing
// migrations into a throw-away shadow database, so PostgreSQL must be reachable
// (MIGRATION_PG_URL, default postgresql://postgres@127.0.0.1:5432/postgres).
//
// --replace-init: while nothing has shipped, delete the single existing `*_init` migration of both
// providers and write it anew from the current schema (refused if any other migration exists).
// Equivalent by hand: rm -rf prisma/migrations/{sqlite,postgres}/*_init && npm run db:new-migration -- init
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { POSTGRES_SCHEMA, ROOT, SQLITE_SCHEMA, generate, runPrisma } from './generate.js';
import type { Provider } from './url.js';

export const MIGRATIONS_DIR: Record<Provider, string> = {
  sqlite: join(ROOT, 'prisma/migrations/sqlite'),
  postgresql: join(ROOT, 'prisma/migrations/postgres'),
};
const SCHEMA: Record<Provider, string> = { sqlite: SQLITE_SCHEMA, postgresql: POSTGRES_SCHEMA };
const PROVIDERS: Provider[] = ['sqlite', 'postgresql'];

function migrationFolders(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, 'migration.sql')))
    .map((d) => d.name)
    .sort();
}

function timestamp(d = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`;
}

const EMPTY = /^\s*(--[^\n]*\n?\s*)*$/; // only comments / whitespace

async function diff(provider: Provider, pgUrl: string): Promise<string> {
  const dir = MIGRATIONS_DIR[provider];
  const from = migrationFolders(dir).length > 0 ? ['--from-migrations', dir] : ['--from-empty'];
  const env =
    provider === 'sqlite'
      ? { DATABASE_URL: 'file::memory:' } // diff only uses the (in-memory) shadow database
      : { DATABASE_URL: pgUrl };
  return runPrisma(['migrate', 'diff', ...from, '--to-schema-datamodel', SCHEMA[provider], '--script'], env);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const replaceInit = args.includes('--replace-init');
  const allowEmpty = args.includes('--allow-empty');
  const rawName = args.find((a) => !a.startsWith('--'));
  if (!rawName) {
    console.error('usage: npm run db:new-migration -- <name> [--replace-init] [--allow-empty]');
    process.exit(2);
  }
  const name = rawName.trim().toLowerCase().replace(/[^a-z0-9_]+/g, '_').replace(/^_+|_+$/g, '');
  if (!name) throw new Error(`invalid migration name: ${rawName}`);
  const pgUrl = process.env.MIGRATION_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

  await generate(); // derive the PostgreSQL schema and refresh both clients

  if (replaceInit) {
    if (name !== 'init') throw new Error('--replace-init only makes sense with the name "init"');
    for (const p of PROVIDERS) {
      const folders = migrationFolders(MIGRATIONS_DIR[p]);
      const others = folders.filter((f) => !/^\d{14}_init$/.test(f));
      if (others.length > 0 || folders.length > 1) {
        throw new Error(`--replace-init refused: ${MIGRATIONS_DIR[p]} holds more than a single init migration: ${folders.join(', ')}`);
      }
    }
    for (const p of PROVIDERS) for (const f of migrationFolders(MIGRATIONS_DIR[p])) rmSync(join(MIGRATIONS_DIR[p], f), { recursive: true });
  }

  const [sqliteSql, pgSql] = await Promise.all([diff('sqlite', pgUrl), diff('postgresql', pgUrl)]);
  const sql: Record<Provider, string> = { sqlite: sqliteSql, postgresql: pgSql };
  if (EMPTY.test(sqliteSql) && EMPTY.test(pgSql) && !allowEmpty) {
    console.log('db:new-migration: the schema matches the migrations of both providers; nothing written (--allow-empty to force).');
    return;
  }

  let ts = timestamp();
  // Keep folder names strictly increasing and identical across providers.
  const latest = PROVIDERS.flatMap((p) => migrationFolders(MIGRATIONS_DIR[p])).sort().at(-1);
  if (latest && latest.slice(0, 14) >= ts) ts = String(BigInt(latest.slice(0, 14)) + 1n);
  const folder = `${ts}_${name}`;
  for (const p of PROVIDERS) {
    const dir = MIGRATIONS_DIR[p];
    mkdirSync(join(dir, folder), { recursive: true });
    writeFileSync(join(dir, folder, 'migration.sql'), sql[p].endsWith('\n') ? sql[p] : sql[p] + '\n');
    writeFileSync(
      join(dir, 'migration_lock.toml'),
      `# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "${p}"\n`,
    );
    console.log(`db:new-migration: wrote ${join(dir, folder, 'migration.sql').slice(ROOT.length + 1)}${EMPTY.test(sql[p]) ? ' (empty)' : ''}`);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
