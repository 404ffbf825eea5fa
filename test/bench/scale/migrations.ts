// Each migration's time on a big database (issue 34, part 6), for `npm run bench -- --scale`: a database at
// the schema before the first migration that touches a table holding rows (TIMED_FROM) is filled with the
// grown database's rows (the columns both schemas have; a column the grown schema no longer has gets its
// type's zero), then every later migration is applied through the service's own runner (src/db/migrate.ts)
// one at a time and timed: what a merchant upgrading from that schema waits for, with writes locked.
// SQLite only: the copy is an ATTACH away; on PostgreSQL the same migrations are measured by their
// statements' kind (none rebuilds a table there: test/cli/migrations.test.ts).
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MIGRATIONS_PATH, migrate } from "../../../src/db/migrate.js";
import { round, type Result } from "../lib.js";

/** The first migration timed: every earlier one creates tables that hold nothing yet on a new install. */
export const TIMED_FROM = "20261123125616_compat_ids";

interface Column {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
}

const zeroOf = (type: string) => (/INT|REAL|BOOL|DATETIME|NUMERIC|DECIMAL/i.test(type) ? "0" : /BLOB/i.test(type) ? "x''" : "''");

/**
 * Times every migration from TIMED_FROM on a copy of the SQLite database at `sourceFile` (the grown one).
 * `returns`: how many returns it holds (for the printed unit).
 */
export async function sqliteMigrationTimes(sourceFile: string, returns: number, log: (s: string) => void): Promise<Result[]> {
  const { default: Database } = await import("better-sqlite3");
  const all = readdirSync(MIGRATIONS_PATH.sqlite)
    .filter((n) => /^\d{14}_/.test(n))
    .sort();
  const from = all.indexOf(TIMED_FROM);
  const dir = mkdtempSync(join(tmpdir(), "retour-scale-migrations-"));
  const file = join(dir, "upgrade.db");
  const url = `file:${file}`;
  const results: Result[] = [];
  try {
    cpSync(join(MIGRATIONS_PATH.sqlite, "migration_lock.toml"), join(dir, "migrations", "migration_lock.toml"));
    for (const n of all.slice(0, from)) cpSync(join(MIGRATIONS_PATH.sqlite, n), join(dir, "migrations", n), { recursive: true });
    await migrate(url, { migrationsDir: join(dir, "migrations") });

    // The grown rows, at the older schema.
    const t0 = performance.now();
    const db = new Database(file);
    db.pragma("foreign_keys = OFF");
    db.exec(`ATTACH DATABASE '${sourceFile.replaceAll("'", "''")}' AS src`);
    const tables = (
      db
        .prepare(`SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '_prisma_migrations'`)
        .all() as {
        name: string;
      }[]
    ).map((t) => t.name);
    let rows = 0;
    db.exec("BEGIN");
    for (const table of tables) {
      const source = new Set(
        (db.prepare(`SELECT name FROM pragma_table_info(?, 'src')`).all(table) as { name: string }[]).map((c) => c.name),
      );
      if (source.size === 0) continue;
      const cols = db.prepare(`SELECT name, type, "notnull", dflt_value FROM pragma_table_info(?, 'main')`).all(table) as Column[];
      const copied = cols.filter((c) => source.has(c.name) || (c.notnull && c.dflt_value == null));
      const select = copied.map((c) => (source.has(c.name) ? `"${c.name}"` : `${zeroOf(c.type)} AS "${c.name}"`));
      rows += db
        .prepare(
          `INSERT INTO main."${table}" (${copied.map((c) => `"${c.name}"`).join(", ")}) SELECT ${select.join(", ")} FROM src."${table}"`,
        )
        .run().changes;
    }
    db.exec("COMMIT");
    db.exec("DETACH DATABASE src");
    db.close();
    log(`sqlite: ${rows} rows copied to the schema before ${TIMED_FROM} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    for (const name of all.slice(from)) {
      cpSync(join(MIGRATIONS_PATH.sqlite, name), join(dir, "migrations", name), { recursive: true });
      const m0 = performance.now();
      await migrate(url, { migrationsDir: join(dir, "migrations") });
      const seconds = (performance.now() - m0) / 1000;
      log(`sqlite: migration ${name}: ${seconds.toFixed(2)} s at ${returns} returns`);
      results.push({
        measure: 10,
        name: `scale: migration ${name}`,
        db: "sqlite",
        value: round(seconds, 2),
        unit: `s at ${returns} returns`,
        target: "printed (writes wait for it)",
        met: null,
        details: {},
      });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}
