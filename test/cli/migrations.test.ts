// Migrations on a big database (issue 34): none rebuilds a table that grows with traffic where an ADD COLUMN
// does, none backfills with a per-row count of the same table, and the migrations rewritten to that end
// (src/db/migrate.ts REWRITTEN) count as applied on a database that ran their earlier text, while any other
// change to an applied migration is still reported. The time of each at 1 000 000 returns: the scale bench.
// (The rewritten compat-id backfill's order: test/http/compat/compat-ids-migration.test.ts.)
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { customerSearchStatement } from "../../src/customers/search.js";
import { MIGRATIONS_PATH, REWRITTEN, migrate, readMigrations } from "../../src/db/migrate.js";
import { pgConfigOf, type Provider } from "../../src/db/url.js";
import { createTestDatabase, type TestDatabase } from "../support/databases.js";
import { providers } from "../support/env.js";
import { withLiterals } from "../support/plans.js";

/** Tables that grow with traffic: a SQLite table redefinition copies every row under the write lock. */
const GROWING = ["Return", "ReturnItem", "Order", "OrderLineItem", "Fulfillment", "Customer", "DomainEvent", "WebhookDelivery"];
/** Redefinitions an ADD COLUMN cannot replace (SQLite cannot drop a NOT NULL in place), with why. */
const UNAVOIDABLE: Record<string, string> = {
  "20261124034336_return_import": "Return.orderId and ReturnItem.orderId/lineItemId became optional (DROP NOT NULL)",
};

describe("migrations stay cheap on a big database", () => {
  for (const provider of ["sqlite", "postgresql"] as Provider[]) {
    for (const m of readMigrations(MIGRATIONS_PATH[provider])) {
      it(`${provider} ${m.name}: no rebuild of a growing table, no quadratic backfill`, () => {
        const rebuilt = [...m.sql.matchAll(/CREATE TABLE "new_(\w+)"/g)].map((x) => x[1]).filter((t) => GROWING.includes(t));
        if (!UNAVOIDABLE[m.name]) expect(rebuilt).toEqual([]);
        // UPDATE "T" SET "c" = (SELECT … FROM "T" …): a subquery over the table per updated row.
        const perRow = [...m.sql.matchAll(/UPDATE "(\w+)"\s+SET\s+"\w+"\s*=\s*\(\s*SELECT[^;]*?FROM "(\w+)"/g)].filter(
          (x) => x[1] === x[2],
        );
        expect(perRow.map((x) => x[0].slice(0, 80))).toEqual([]);
      });
    }
  }
});

describe.each(providers)("rewritten migrations (%s)", (provider) => {
  const dbs: TestDatabase[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dbs) await d.drop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  /** A raw connection for a few statements. */
  async function connect(url: string) {
    if (provider === "sqlite") {
      const db = new Database(url.replace(/^file:/, ""));
      return {
        exec: async (sql: string) => void db.exec(sql),
        rows: async <T>(sql: string) => db.prepare(sql).all() as T[],
        close: async () => db.close(),
      };
    }
    const c = new pg.Client(pgConfigOf(url));
    await c.connect();
    return {
      exec: async (sql: string) => void (await c.query(sql)),
      rows: async <T>(sql: string) => (await c.query(sql)).rows as T[],
      close: () => c.end(),
    };
  }

  it("a database that applied a rewritten migration's earlier text is up to date; another change is reported", async () => {
    const db = await createTestDatabase(provider);
    dbs.push(db);
    const [name, [earlier]] = Object.entries(REWRITTEN[provider])[0];
    const conn = await connect(db.url);
    const warnings: string[] = [];
    try {
      await conn.exec(`UPDATE "_prisma_migrations" SET "checksum" = '${earlier}' WHERE "migration_name" = '${name}'`);
      expect((await migrate(db.url, { onWarning: (w) => warnings.push(w) })).applied).toEqual([]);
      expect(warnings).toEqual([]);
      await conn.exec(`UPDATE "_prisma_migrations" SET "checksum" = '${"0".repeat(64)}' WHERE "migration_name" = '${name}'`);
      await migrate(db.url, { onWarning: (w) => warnings.push(w) });
    } finally {
      await conn.close();
    }
    expect(warnings).toEqual([`migrate: migration ${name} was modified after it was applied (checksum differs)`]);
  });

  it("a migration that writes a row breaking a foreign key fails whole and is not recorded", async () => {
    const dir = mkdtempSync(join(tmpdir(), "retour-migrations-"));
    dirs.push(dir);
    cpSync(MIGRATIONS_PATH[provider], dir, { recursive: true });
    const bad = join(dir, "29990101000000_bad_link");
    cpSync(join(MIGRATIONS_PATH[provider], readdirSync(MIGRATIONS_PATH[provider]).filter((n) => /^\d{14}_/.test(n))[0]), bad, {
      recursive: true,
    });
    const { writeFileSync } = await import("node:fs");
    const at = provider === "sqlite" ? "0" : "now()";
    writeFileSync(
      join(bad, "migration.sql"),
      `CREATE TABLE "Scratch" ("id" TEXT NOT NULL PRIMARY KEY);\nINSERT INTO "ReturnTagLink" ("returnId", "tagId", "createdAt") VALUES ('ret_none', 'tag_none', ${at});\n`,
    );
    const db = await createTestDatabase(provider);
    dbs.push(db);
    await expect(migrate(db.url, { migrationsDir: dir })).rejects.toThrow(
      /29990101000000_bad_link failed and was rolled back.*(FOREIGN KEY|foreign key)/s,
    );
    const conn = await connect(db.url);
    try {
      expect(await conn.rows(`SELECT 1 FROM "_prisma_migrations" WHERE "migration_name" = '29990101000000_bad_link'`)).toEqual([]);
      expect(await conn.rows(`SELECT 1 FROM "ReturnTagLink"`)).toEqual([]);
      await expect(conn.rows(`SELECT 1 FROM "Scratch"`)).rejects.toThrow();
    } finally {
      await conn.close();
    }
  });

  it("the customer-search migration indexes the customers already there, each in its own store", async () => {
    const all = readdirSync(MIGRATIONS_PATH[provider])
      .filter((n) => /^\d{14}_/.test(n))
      .sort();
    const dir = mkdtempSync(join(tmpdir(), "retour-migrations-"));
    dirs.push(dir);
    cpSync(join(MIGRATIONS_PATH[provider], "migration_lock.toml"), join(dir, "migration_lock.toml"));
    const at = all.indexOf("20261129051500_customer_search");
    for (const n of all.slice(0, at)) cpSync(join(MIGRATIONS_PATH[provider], n), join(dir, n), { recursive: true });
    const db = await createTestDatabase(provider, { migrated: false });
    dbs.push(db);
    await migrate(db.url, { migrationsDir: dir });
    const conn = await connect(db.url);
    try {
      const now = provider === "sqlite" ? `${Date.now()}` : "now()";
      await conn.exec(`INSERT INTO "Store" ("id", "name", "updatedAt") VALUES ('st_a', 'A', ${now}), ('st_b', 'B', ${now})`);
      await conn.exec(
        `INSERT INTO "Customer" ("id", "storeId", "email", "firstName", "lastName", "updatedAt") VALUES
         ('cus_1', 'st_a', 'ada@example.test', 'Ada', 'Lovelace', ${now}), ('cus_2', 'st_b', 'ada@other.test', 'Ada', NULL, ${now}),
         ('cus_3', 'st_a', 'grace@example.test', NULL, 'Hopper', ${now})`,
      );
      for (const n of all.slice(at)) cpSync(join(MIGRATIONS_PATH[provider], n), join(dir, n), { recursive: true });
      await migrate(db.url, { migrationsDir: dir });
      const find = async (storeId: string, words: string[]) => {
        const sql = customerSearchStatement(provider, storeId, words);
        const text = withLiterals(provider, provider === "sqlite" ? sql.sql : sql.text, sql.values);
        return (await conn.rows<{ id: string }>(text)).map((r) => r.id).sort();
      };
      expect(await find("st_a", ["ada"])).toEqual(["cus_1"]);
      expect(await find("st_b", ["ada"])).toEqual(["cus_2"]);
      expect(await find("st_a", ["HOPPER"])).toEqual(["cus_3"]);
      expect(await find("st_a", ["example.test"])).toEqual(["cus_1", "cus_3"]);
    } finally {
      await conn.close();
    }
  });
});
