// The compat_ids migration backfills returns that existed before it: ids 1…n in creation order (ties
// by id), and the counter continues after them. Replays the real migration files on both databases.
import { readdirSync, readFileSync } from "node:fs";
import Database from "better-sqlite3";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { TEST_PG_ADMIN_URL } from "../../support/databases.js";

const folder = (p: string) => readdirSync(p).filter((d) => /^\d/.test(d)).sort();
const SEED = [
  `INSERT INTO "Store" ("id","name","updatedAt") VALUES ('st_1','S', CURRENT_TIMESTAMP)`,
  `INSERT INTO "Order" ("id","storeId","provider","externalId","name","source","currency","placedAt","updatedAt") VALUES ('ord_1','st_1','custom','e1','#1','custom_sync','USD',CURRENT_TIMESTAMP,CURRENT_TIMESTAMP)`,
  ...[["ret_b", "2026-01-02 00:00:00"], ["ret_a", "2026-01-01 00:00:00"], ["ret_c", "2026-01-02 00:00:00"]].map(
    ([id, at]) => `INSERT INTO "Return" ("id","storeId","orderId","status","createdByType","createdAt","updatedAt") VALUES ('${id}','st_1','ord_1','open','system','${at}',CURRENT_TIMESTAMP)`,
  ),
];
const EXPECTED = { returns: [{ id: "ret_a", compatId: 1 }, { id: "ret_b", compatId: 2 }, { id: "ret_c", compatId: 3 }], next: 4 };

describe.each(providers)("compat_ids migration backfill (%s)", (provider) => {
  it("numbers existing returns in creation order and starts the counter after them", async () => {
    if (provider === "sqlite") {
      const db = new Database(":memory:");
      for (const d of folder("prisma/migrations/sqlite")) {
        if (d.endsWith("_compat_ids")) for (const s of SEED) db.exec(s);
        db.exec(readFileSync(`prisma/migrations/sqlite/${d}/migration.sql`, "utf8"));
      }
      expect({ returns: db.prepare(`SELECT id, compatId FROM "Return" ORDER BY compatId`).all(), next: (db.prepare(`SELECT next FROM "CompatSequence" WHERE name = 'return'`).get() as { next: number }).next }).toEqual(EXPECTED);
      db.close();
      return;
    }
    const name = `retour_backfill_${Date.now().toString(36)}_${process.pid}`;
    const admin = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(TEST_PG_ADMIN_URL);
    url.pathname = `/${name}`;
    const c = new pg.Client({ connectionString: url.toString() });
    try {
      await c.connect();
      for (const d of folder("prisma/migrations/postgres")) {
        if (d.endsWith("_compat_ids")) for (const s of SEED) await c.query(s);
        await c.query(readFileSync(`prisma/migrations/postgres/${d}/migration.sql`, "utf8"));
      }
      const returns = (await c.query(`SELECT id, "compatId" FROM "Return" ORDER BY "compatId"`)).rows;
      const next = (await c.query(`SELECT next FROM "CompatSequence" WHERE name = 'return'`)).rows[0].next;
      expect({ returns, next }).toEqual(EXPECTED);
    } finally {
      await c.end().catch(() => {});
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    }
  });
});
