// The roll-ups (status counts per day, items and units per day, stage times, fees) of a bulk growth, kept
// the way the migrations that introduced them fill them for rows already there, not row by row.
//
// Why: the service writes one return a transaction, and each of its rows fires the roll-up triggers once
// (about 30 small grouped upserts a return). The generator writes 100 000 returns a statement, where the
// same triggers are the whole cost on PostgreSQL: PL/pgSQL upserts ran at 200 to 650 returns a second, so
// a store of 1 000 000 took over an hour (and updating one roll-up row thousands of times in a transaction
// grows a chain of row versions each update walks). So during a growth the roll-up triggers are suspended
// (PostgreSQL: DISABLE TRIGGER; SQLite, which has no switch: dropped and created again from their own
// text), and afterwards every roll-up is emptied and filled again by the migrations' own grouped
// statements over every store's rows, then the triggers come back. What the service's triggers would
// have written and what this writes are compared row for row by test/http/graphql/scale-rollups.test.ts.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { MIGRATIONS_PATH } from "../../../src/db/migrate.js";
import type { Provider } from "../../../src/db/url.js";

/** The bench's connection (grow.ts's ScaleDb, named here so that neither file imports the other). */
interface Db {
  provider: Provider;
  exec(sql: string): Promise<unknown>;
  query<T>(sql: string): Promise<T[]>;
}

/** The triggers that keep a roll-up, by name (every migration that adds one names it so). */
const ROLLUP_TRIGGER = /^(Return_daily_count|ReturnItemDaily|OrderUnitsDaily|ReturnStageDaily|ReturnTagLink_count)_/;
const ROLLUP_TABLE = /^INSERT INTO "(ReturnDailyCount|ReturnItemDaily|OrderUnitsDaily|ReturnStageDaily|ReturnTagCount)"/;

/**
 * The statements the migrations fill the roll-ups with for the rows already there, in migration order:
 * every top-level `INSERT INTO` a roll-up (trigger bodies, which hold such inserts too, are left out).
 */
export function rollupBackfills(db: Db): { tables: string[]; statements: string[] } {
  const dir = MIGRATIONS_PATH[db.provider];
  const statements: string[] = [];
  const tables = new Set<string>();
  for (const name of readdirSync(dir)
    .filter((d) => /^\d/.test(d))
    .sort()) {
    let sql: string;
    try {
      sql = readFileSync(join(dir, name, "migration.sql"), "utf8");
    } catch {
      continue;
    }
    const top = (db.provider === "sqlite" ? sql.replace(/CREATE TRIGGER[\s\S]*?\nEND;/g, "") : sql.replace(/\$\$[\s\S]*?\$\$/g, ""))
      .split("\n")
      .filter((l) => !l.trimStart().startsWith("--"))
      .join("\n");
    for (const statement of top.split(/;\s*\n/)) {
      const s = statement.trim();
      const m = ROLLUP_TABLE.exec(s);
      if (!m) continue;
      tables.add(m[1]);
      statements.push(s);
    }
  }
  return { tables: [...tables], statements };
}

interface Suspended {
  table: string;
  name: string;
  /** SQLite: the trigger's text, to create it again. */
  sql?: string;
}

/** Suspends the roll-up triggers; the answer fills the roll-ups again from the rows and resumes them. */
export async function suspendRollups(db: Db): Promise<() => Promise<void>> {
  const backfills = rollupBackfills(db);
  let triggers: Suspended[];
  if (db.provider === "sqlite") {
    triggers = (
      await db.query<{ name: string; tbl_name: string; sql: string }>(
        `SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'trigger'`,
      )
    )
      .filter((t) => ROLLUP_TRIGGER.test(t.name))
      .map((t) => ({ table: t.tbl_name, name: t.name, sql: t.sql }));
    for (const t of triggers) await db.exec(`DROP TRIGGER "${t.name}"`);
  } else {
    triggers = (
      await db.query<{ name: string; table: string }>(
        `SELECT t.tgname AS name, c.relname AS table FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
         WHERE NOT t.tgisinternal AND c.relnamespace = current_schema()::regnamespace`,
      )
    ).filter((t) => ROLLUP_TRIGGER.test(t.name));
    for (const t of triggers) await db.exec(`ALTER TABLE "${t.table}" DISABLE TRIGGER "${t.name}"`);
  }
  if (!triggers.length) throw new Error("no roll-up trigger found: has the naming of the roll-up triggers changed?");
  return async () => {
    await db.exec(db.provider === "sqlite" ? "BEGIN IMMEDIATE" : "BEGIN");
    try {
      for (const table of backfills.tables) await db.exec(`DELETE FROM "${table}"`);
      for (const s of backfills.statements) await db.exec(s);
      for (const t of triggers) await db.exec(t.sql ? `${t.sql};` : `ALTER TABLE "${t.table}" ENABLE TRIGGER "${t.name}"`);
      await db.exec("COMMIT");
    } catch (err) {
      await db.exec("ROLLBACK");
      throw err;
    }
  };
}
