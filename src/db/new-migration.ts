// `npm run db:new-migration -- <name> [--replace-init]`
//
// Creates one migration for BOTH providers from the current prisma/schema.prisma:
//   prisma/migrations/sqlite/<YYYYMMDDHHMMSS>_<name>/migration.sql
//   prisma/migrations/postgres/<YYYYMMDDHHMMSS>_<name>/migration.sql
// (same folder name in both), plus migration_lock.toml in each migrations folder.
// The SQL is a schema-to-schema diff: `migrate diff --from-schema-datamodel <previous> --to-schema-datamodel
// <current> --script`, where <previous> is prisma/schema.prisma as last committed (MIGRATION_BASE, default
// HEAD, is the git revision; --from-empty when the folder has no migration yet or with --replace-init).
// No database and no shadow database is needed. The diff runs on the Prisma 6.19 CLI (devDependency
// `prisma6`, config prisma/diff.config.ts): Prisma 7 has no WebAssembly schema engine to diff with here.
//
// --replace-init: while nothing has shipped, delete the single existing `*_init` migration of both
// providers and write it anew from the current schema (refused if any other migration exists).
// Equivalent by hand: rm -rf prisma/migrations/{sqlite,postgres}/*_init && npm run db:new-migration -- init
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { POSTGRES_SCHEMA, PRISMA6_CLI, ROOT, SQLITE_SCHEMA, derivePostgresSchema, generate, runPrisma } from "./generate.js";
import type { Provider } from "./url.js";

export const MIGRATIONS_DIR: Record<Provider, string> = {
  sqlite: join(ROOT, "prisma/migrations/sqlite"),
  postgresql: join(ROOT, "prisma/migrations/postgres"),
};
const SCHEMA: Record<Provider, string> = { sqlite: SQLITE_SCHEMA, postgresql: POSTGRES_SCHEMA };
const PROVIDERS: Provider[] = ["sqlite", "postgresql"];

function migrationFolders(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort();
}

function timestamp(d = new Date()): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`;
}

const EMPTY = /^\s*(--[^\n]*\n?\s*)*$/; // only comments / whitespace

const DIFF_CONFIG = join(ROOT, "prisma/diff.config.ts");

/** The committed SQLite schema text at `rev` (the "previous" side of the diff). */
function previousSchema(rev: string): string {
  return execFileSync("git", ["show", `${rev}:prisma/schema.prisma`], { cwd: ROOT, encoding: "utf8", maxBuffer: 16 << 20 });
}

/**
 * The schema text for the 6.19 CLI: without `engineType = "client"` in the generator and a literal `url`
 * in the datasource (both ignored by a schema-to-schema diff; 7.x forbids the second), it looks for the
 * native query engine and tries to download it.
 */
function forPrisma6(schema: string, provider: Provider): string {
  const url = provider === "sqlite" ? "file:./ignored.db" : "postgresql://postgres@127.0.0.1:5432/ignored";
  const add = (block: string, key: string, line: string) => (text: string) =>
    text.replace(new RegExp(`(${block}\\s+\\w+\\s*\\{)([^}]*)\\}`), (m, open: string, body: string) =>
      new RegExp(`\\b${key}\\s*=`).test(body) ? m : `${open}${body}  ${line}\n}`,
    );
  return add("datasource", "url", `url = "${url}"`)(add("generator", "engineType", 'engineType = "client"')(schema));
}

async function diff(provider: Provider, previous: string | null, workDir: string): Promise<string> {
  const write = (name: string, text: string) => {
    const file = join(workDir, `${name}-${provider}.prisma`);
    writeFileSync(file, forPrisma6(text, provider));
    return file;
  };
  const from =
    previous === null
      ? ["--from-empty"]
      : ["--from-schema-datamodel", write("previous", provider === "sqlite" ? previous : derivePostgresSchema(previous))];
  const to = write("current", readFileSync(SCHEMA[provider], "utf8"));
  const args = ["migrate", "diff", "--config", DIFF_CONFIG, ...from, "--to-schema-datamodel", to, "--script"];
  return runPrisma(args, { RETOUR_DIFF_SCHEMA: to }, PRISMA6_CLI);
}

/**
 * SQLite drops a table's triggers with the table: the triggers of earlier migrations (`dir`) on the tables
 * this SQLite migration redefines (Prisma's "RedefineTables": `new_<table>`, copy, drop, rename), which it
 * must create again.
 */
function droppedTriggers(sqliteSql: string, dir: string): string[] {
  const redefined = new Set([...sqliteSql.matchAll(/CREATE TABLE "new_([^"]+)"/g)].map((m) => m[1]));
  if (redefined.size === 0) return [];
  const triggers = new Map<string, string>();
  for (const f of migrationFolders(dir)) {
    const text = readFileSync(join(dir, f, "migration.sql"), "utf8");
    for (const m of text.matchAll(/DROP TRIGGER (?:IF EXISTS )?"([^"]+)"/g)) triggers.delete(m[1]);
    for (const m of text.matchAll(/CREATE TRIGGER (?:IF NOT EXISTS )?"([^"]+)"[^;]*?\bON "([^"]+)"/g)) triggers.set(m[1], m[2]);
  }
  return [...triggers].filter(([, table]) => redefined.has(table)).map(([name, table]) => `"${name}" on "${table}"`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const replaceInit = args.includes("--replace-init");
  const allowEmpty = args.includes("--allow-empty");
  const rawName = args.find((a) => !a.startsWith("--"));
  if (!rawName) {
    console.error("usage: npm run db:new-migration -- <name> [--replace-init] [--allow-empty]");
    process.exit(2);
  }
  const name = rawName
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, "_")
    .replace(/^_+|_+$/g, "");
  if (!name) throw new Error(`invalid migration name: ${rawName}`);

  await generate(); // derive the PostgreSQL schema and refresh both clients

  if (replaceInit) {
    if (name !== "init") throw new Error('--replace-init only makes sense with the name "init"');
    for (const p of PROVIDERS) {
      const folders = migrationFolders(MIGRATIONS_DIR[p]);
      const others = folders.filter((f) => !/^\d{14}_init$/.test(f));
      if (others.length > 0 || folders.length > 1) {
        throw new Error(`--replace-init refused: ${MIGRATIONS_DIR[p]} holds more than a single init migration: ${folders.join(", ")}`);
      }
    }
    for (const p of PROVIDERS) for (const f of migrationFolders(MIGRATIONS_DIR[p])) rmSync(join(MIGRATIONS_DIR[p], f), { recursive: true });
  }

  const hasMigrations = PROVIDERS.every((p) => migrationFolders(MIGRATIONS_DIR[p]).length > 0);
  const previous = hasMigrations ? previousSchema(process.env.MIGRATION_BASE || "HEAD") : null;
  const workDir = mkdtempSync(join(tmpdir(), "retour-migration-"));
  let sqliteSql: string, pgSql: string;
  try {
    [sqliteSql, pgSql] = await Promise.all([diff("sqlite", previous, workDir), diff("postgresql", previous, workDir)]);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  const sql: Record<Provider, string> = { sqlite: sqliteSql, postgresql: pgSql };
  if (EMPTY.test(sqliteSql) && EMPTY.test(pgSql) && !allowEmpty) {
    console.log("db:new-migration: the schema matches the committed one; nothing written (--allow-empty to force).");
    return;
  }

  let ts = timestamp();
  // Keep folder names strictly increasing and identical across providers.
  const latest = PROVIDERS.flatMap((p) => migrationFolders(MIGRATIONS_DIR[p]))
    .sort()
    .at(-1);
  if (latest && latest.slice(0, 14) >= ts) ts = String(BigInt(latest.slice(0, 14)) + 1n);
  const folder = `${ts}_${name}`;
  const lost = droppedTriggers(sql.sqlite, MIGRATIONS_DIR.sqlite);
  for (const p of PROVIDERS) {
    const dir = MIGRATIONS_DIR[p];
    mkdirSync(join(dir, folder), { recursive: true });
    writeFileSync(join(dir, folder, "migration.sql"), sql[p].endsWith("\n") ? sql[p] : sql[p] + "\n");
    writeFileSync(
      join(dir, "migration_lock.toml"),
      `# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "${p}"\n`,
    );
    console.log(
      `db:new-migration: wrote ${join(dir, folder, "migration.sql").slice(ROOT.length + 1)}${EMPTY.test(sql[p]) ? " (empty)" : ""}`,
    );
  }
  if (lost.length > 0) {
    console.warn(
      `db:new-migration: WARNING: the SQLite migration redefines tables and so drops their triggers; append their ` +
        `CREATE TRIGGER statements (from the migration that made each) to it:\n  ${lost.join("\n  ")}`,
    );
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
